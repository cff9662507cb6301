/// How many API requests per second each caller may make (`herald serve --api-rate-limit`,
/// `--api-burst`, `--device-rate-limit`, `--device-burst`, `--server-rate-limit`).
///
/// Each caller that a stranger could be has a bucket of its own, so that no one of them
/// can spend another's: the client key ships inside every copy of the app, so its
/// requests (registrations) are counted per client address (an IPv6 client by its /64,
/// behind `--trusted-proxy` the address the proxy forwards); each device key has its own
/// bucket, so a flood with the client key, or with one device's key, leaves the app's
/// other devices answered. The server key is your backend's: not limited unless
/// configured. There is no app-wide ceiling on the client side: the app's devices together
/// may need far more than any one caller (a receipt wave after a publish to a million
/// devices), and each of them is bounded already.
public struct APIRateLimits: Sendable, Hashable {
    /// Requests per second with an app's client key from one client address; `nil`: no limit.
    public var client: Double?
    /// How many client-key requests one address may make at once before the rate applies.
    public var clientBurst: Double
    /// Requests per second with one device's key; `nil`: no limit.
    public var device: Double?
    /// How many requests one device key may make at once before the rate applies.
    public var deviceBurst: Double
    /// Requests per second per app with the server key (bursts of one second's worth);
    /// `nil`: no limit.
    public var server: Double?

    public init(client: Double? = 50, clientBurst: Double = 500, device: Double? = 10, deviceBurst: Double = 100, server: Double? = nil) {
        self.client = client
        self.clientBurst = clientBurst
        self.device = device
        self.deviceBurst = deviceBurst
        self.server = server
    }

    /// Nothing limited (tests, benchmarks).
    public static let unlimited = APIRateLimits(client: nil, device: nil, server: nil)
}
