/// How many API requests per second each app may make (`herald serve --api-rate-limit`,
/// `--api-burst`, `--server-rate-limit`).
///
/// The client side is limited by default: the client key ships inside every copy of the
/// app, so whoever extracts it can call the API; the device keys share its bucket (each
/// came from a registration with it). 50 a second with bursts of 500 is more than an
/// app's devices need when they register at launch and report receipts (clients retry a
/// 429 after Retry-After), and bounds what a leaked key costs. The server key is your
/// backend's: not limited unless configured.
public struct APIRateLimits: Sendable, Hashable {
    /// Requests per second per app from the client key and all its device keys together;
    /// `nil`: no limit.
    public var client: Double?
    /// How many client-side requests may come at once before the rate applies.
    public var clientBurst: Double
    /// Requests per second per app with the server key (bursts of one second's worth);
    /// `nil`: no limit.
    public var server: Double?

    public init(client: Double? = 50, clientBurst: Double = 500, server: Double? = nil) {
        self.client = client
        self.clientBurst = clientBurst
        self.server = server
    }

    /// Nothing limited (tests, benchmarks).
    public static let unlimited = APIRateLimits(client: nil, server: nil)
}
