/// An app the gateway sends for: its bundle id (the APNs topic), APNs credentials per
/// environment, and the SHA-256 of its two API keys (the keys themselves are never kept).
public struct AppRecord: Sendable, Hashable {
    public var id: String
    public var name: String
    public var bundleID: String
    /// Lowercase hex SHA-256 of the server key (publish, admin).
    public var serverKeyHash: String
    /// Lowercase hex SHA-256 of the client key (devices, events).
    public var clientKeyHash: String
    public var credentials: [APNsCredentials]
    /// Notifications per second this app may send; `nil` for no limit.
    public var rateLimit: Double?
    /// Seconds since 1970.
    public var createdAt: Double

    public init(
        id: String, name: String, bundleID: String, serverKeyHash: String, clientKeyHash: String,
        credentials: [APNsCredentials] = [], rateLimit: Double? = nil, createdAt: Double
    ) {
        self.id = id
        self.name = name
        self.bundleID = bundleID
        self.serverKeyHash = serverKeyHash
        self.clientKeyHash = clientKeyHash
        self.credentials = credentials
        self.rateLimit = rateLimit
        self.createdAt = createdAt
    }

    /// The credentials for `environment`, if configured.
    public func credentials(for environment: APNsEnvironment) -> APNsCredentials? {
        credentials.first { $0.environment == environment }
    }
}
