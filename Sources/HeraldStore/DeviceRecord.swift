import HeraldShared

/// What a device sends to register: its platform, token and environment, interests, user, metadata.
/// A field left `nil` keeps what the device had (a new device starts without it), so an
/// app that registers its token at every launch does not wipe its interests.
public struct DeviceRegistration: Sendable, Hashable {
    /// Which push service the token is for.
    public var platform: PushPlatform
    /// Lowercase hex for APNs; FCM's registration token as given.
    public var token: String
    /// The APNs environment; `.production` for an FCM device (FCM has one).
    public var environment: APNsEnvironment
    public var interests: [String]?
    /// `.some(nil)` clears the user; `nil` keeps it.
    public var userID: String??
    /// A JSON object the app keeps with the device (app version, locale, ...).
    public var metadata: JSONValue?
    /// SHA-256 of the device key to issue when the device has none, or when the caller
    /// did not present the one it has; `nil` registers without a key (an import).
    public var newKeyHash: String?
    /// SHA-256 of the device key the caller presented: when it is the device's, the
    /// device keeps it and no key is issued.
    public var presentedKeyHash: String?
    /// Locale, time zone, app version and tags: fields left out keep what the device has.
    public var attributes: DeviceAttributes

    public init(
        platform: PushPlatform = .apns, token: String, environment: APNsEnvironment, interests: [String]? = nil, userID: String?? = nil,
        metadata: JSONValue? = nil, newKeyHash: String? = nil, presentedKeyHash: String? = nil,
        attributes: DeviceAttributes = DeviceAttributes()
    ) {
        self.platform = platform
        self.token = token
        self.environment = environment
        self.interests = interests
        self.userID = userID
        self.metadata = metadata
        self.newKeyHash = newKeyHash
        self.presentedKeyHash = presentedKeyHash
        self.attributes = attributes
    }
}

/// What a registration did.
public struct RegisteredDevice: Sendable, Hashable {
    public var id: String
    /// A new device (201), rather than a known token (200).
    public var created: Bool
    /// The registration's `newKeyHash` is now the device's key: the caller hands the key out.
    public var keyIssued: Bool
}

/// Whether a device has a device key (what the client key may do for it during the grace period).
public enum DeviceKeyState: Sendable, Hashable {
    case missing, keyless, keyed
}

/// A registered device as the store keeps it.
public struct DeviceRecord: Sendable, Hashable {
    public var id: String
    public var appID: String
    public var platform: PushPlatform
    public var token: String
    /// The APNs environment; `.production` for an FCM device (FCM has one).
    public var environment: APNsEnvironment
    public var interests: [String]
    public var userID: String?
    public var metadata: JSONValue
    public var createdAt: Double
    /// When this token was last registered: a dead-token answer's time (`DeadToken.since`) is compared with it.
    public var tokenRegisteredAt: Double
    /// Set when the push service said the token is dead; the device is kept with the reason.
    public var invalidatedAt: Double?
    public var invalidReason: String?
    /// What the device said about itself (`DeviceAttributes`); nil or empty until it does.
    public var locale: String?
    public var timeZone: String?
    public var appVersion: String?
    public var tags: [String: JSONValue] = [:]
}
