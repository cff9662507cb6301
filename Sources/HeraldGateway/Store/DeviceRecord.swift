import HeraldCore

/// What a device sends to register: its token and environment, interests, user, metadata.
/// A field left `nil` keeps what the device had (a new device starts without it), so an
/// app that registers its token at every launch does not wipe its interests.
public struct DeviceRegistration: Sendable, Hashable {
    /// Lowercase hex.
    public var token: String
    public var environment: APNsEnvironment
    public var interests: [String]?
    /// `.some(nil)` clears the user; `nil` keeps it.
    public var userID: String??
    /// A JSON object the app keeps with the device (app version, locale, ...).
    public var metadata: JSONValue?

    public init(token: String, environment: APNsEnvironment, interests: [String]? = nil, userID: String?? = nil, metadata: JSONValue? = nil)
    {
        self.token = token
        self.environment = environment
        self.interests = interests
        self.userID = userID
        self.metadata = metadata
    }
}

/// A registered device as the store keeps it.
public struct DeviceRecord: Sendable, Hashable {
    public var id: String
    public var appID: String
    public var token: String
    public var environment: APNsEnvironment
    public var interests: [String]
    public var userID: String?
    public var metadata: JSONValue
    public var createdAt: Double
    /// When this token was last registered: APNs' 410 timestamp is compared with it.
    public var tokenRegisteredAt: Double
    /// Set when APNs said the token is dead; the device is kept with the reason.
    public var invalidatedAt: Double?
    public var invalidReason: String?
}
