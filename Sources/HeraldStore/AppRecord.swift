import HeraldAPNsModel
import HeraldFCMModel
import HeraldShared
/// An app the gateway sends for: its bundle id (the APNs topic), APNs credentials per
/// environment, FCM credentials, the SHA-256 of its two API keys (the keys themselves are
/// never kept), and the secret its backend signs user tokens with.
public struct AppRecord: Sendable, Hashable, CustomStringConvertible {
    public var id: String
    public var name: String
    public var bundleID: String
    /// Lowercase hex SHA-256 of the server key (publish, admin).
    public var serverKeyHash: String
    /// Lowercase hex SHA-256 of the client key (devices, events).
    public var clientKeyHash: String
    public var credentials: [APNSCredentials]
    /// The FCM service account Android devices are sent through; `nil` until one is set.
    public var fcmCredentials: FCMCredentials?
    /// The HS256 secret the app's backend signs user tokens with (kept in clear: the
    /// gateway must verify with it); `nil` until one is made.
    public var userTokenSecret: String?
    /// Whether the client key still acts for devices registered before device keys
    /// existed (the upgrade's grace period); off for new apps.
    public var legacyDeviceAccess: Bool
    /// Notifications per second this app may send; `nil` for no limit.
    public var rateLimit: Double?
    /// The time zone (IANA) a local-time publish uses for devices without one; `nil`: UTC.
    public var defaultTimeZone: String?
    /// Seconds since 1970.
    public var createdAt: Double

    public init(
        id: String, name: String, bundleID: String, serverKeyHash: String, clientKeyHash: String,
        userTokenSecret: String? = nil, legacyDeviceAccess: Bool = false, credentials: [APNSCredentials] = [],
        fcmCredentials: FCMCredentials? = nil, rateLimit: Double? = nil, defaultTimeZone: String? = nil, createdAt: Double
    ) {
        self.id = id
        self.name = name
        self.bundleID = bundleID
        self.serverKeyHash = serverKeyHash
        self.clientKeyHash = clientKeyHash
        self.userTokenSecret = userTokenSecret
        self.legacyDeviceAccess = legacyDeviceAccess
        self.credentials = credentials
        self.fcmCredentials = fcmCredentials
        self.rateLimit = rateLimit
        self.defaultTimeZone = defaultTimeZone
        self.createdAt = createdAt
    }

    /// The credentials for `environment`, if configured.
    public func credentials(for environment: APNsEnvironment) -> APNSCredentials? {
        credentials.first { $0.environment == environment }
    }

    /// Names and settings only: the secrets never reach a log line through interpolation.
    public var description: String {
        let environments = credentials.map(\.environment.rawValue).joined(separator: ",")
        let fcm = fcmCredentials?.projectID ?? "none"
        return "app \(id) (\(bundleID), credentials: [\(environments)], FCM: \(fcm), user-token secret: \(userTokenSecret == nil ? "none" : "set"))"
    }
}
