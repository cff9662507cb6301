import HeraldFCMModel
import HeraldH2Client
import HeraldShared

/// Everything an `FCMClient` needs: the service account, where it sends, and its limits.
public struct FCMClientConfiguration: Sendable {
    /// Google's send endpoint.
    public static let googleEndpoint = "https://fcm.googleapis.com"

    public var serviceAccount: FCMServiceAccount
    /// The send endpoint's base URL (`/v1/projects/{project}/messages:send` goes below it).
    /// The token endpoint is the service account's `token_uri`, honoured as given.
    public var endpoint: String
    /// A CA file to trust instead of the system's, for both endpoints (a simulator's `ca.pem`).
    public var caFile: String?
    /// HTTP/2 connections to the send endpoint.
    public var connections: Int
    /// Streams per connection in flight at most; the server's SETTINGS lowers it.
    public var maxConcurrentStreams: Int
    public var requestTimeout: Double
    public var connectTimeout: Double
    /// Retries of `UNAVAILABLE`, `INTERNAL` and failed exchanges, waiting `backoff` between them.
    public var maxRetries: Int
    public var backoff: Backoff

    public init(
        serviceAccount: FCMServiceAccount, endpoint: String = FCMClientConfiguration.googleEndpoint, caFile: String? = nil,
        connections: Int = 1, maxConcurrentStreams: Int = 100, requestTimeout: Double = 30, connectTimeout: Double = 10,
        maxRetries: Int = 2, backoff: Backoff = Backoff(base: 1, cap: 60)
    ) {
        self.serviceAccount = serviceAccount
        self.endpoint = endpoint
        self.caFile = caFile
        self.connections = connections
        self.maxConcurrentStreams = maxConcurrentStreams
        self.requestTimeout = requestTimeout
        self.connectTimeout = connectTimeout
        self.maxRetries = maxRetries
        self.backoff = backoff
    }

    /// The transport's settings and the token endpoint's route; what is wrong, and how to fix it, otherwise.
    func validated() throws(FCMConfigurationError) -> (settings: H2Settings, tokenRoute: H2Route) {
        guard let route = H2Route(url: endpoint) else {
            throw FCMConfigurationError("endpoint", "\"\(endpoint)\" is not https://host[:port][/path] with a port in 1...65535")
        }
        guard let tokenRoute = H2Route(url: serviceAccount.tokenURI) else {
            throw FCMConfigurationError("token_uri", "\"\(serviceAccount.tokenURI)\" is not https://host[:port]/path")
        }
        try H2Settings.checkPool(connections: connections, maxConcurrentStreams: maxConcurrentStreams, as: FCMConfigurationError.self)
        guard requestTimeout > 0, connectTimeout > 0 else { throw FCMConfigurationError("timeout", "timeouts must be positive") }
        guard maxRetries >= 0 else { throw FCMConfigurationError("retries", "\(maxRetries) is negative") }
        try H2Settings.checkCAFile(caFile, as: FCMConfigurationError.self)
        let settings = H2Settings(
            name: "FCM", route: route, caFile: caFile, keptHeaders: [H2KeptHeader("location")], requestTimeout: requestTimeout,
            connectTimeout: connectTimeout,
            maxConcurrentStreams: maxConcurrentStreams, pingInterval: 5, pingTimeout: 10)
        return (settings, tokenRoute)
    }
}

/// A client set up in a way that cannot work: the setting at fault (`endpoint`, `token_uri`,
/// `CA file`), and how to fix it.
public typealias FCMConfigurationError = FieldError<FCMConfigurationDomain>

/// The domain of `FCMConfigurationError`: an FCM client's settings.
public enum FCMConfigurationDomain {}
