/// Where requests go: Apple's production or sandbox service, or any URL (a simulator).
public struct APNSEnvironment: Sendable, Hashable, CustomStringConvertible {
    /// The scheme, host and port, without a trailing slash: `https://api.push.apple.com`.
    public var baseURL: String

    public init(baseURL: String) {
        var url = baseURL
        while url.hasSuffix("/") { url.removeLast() }
        self.baseURL = url
    }

    /// Apple's production service, for App Store, TestFlight and ad-hoc builds.
    public static let production = APNSEnvironment(baseURL: "https://api.push.apple.com")
    /// Apple's development service, for builds signed with a development profile.
    public static let sandbox = APNSEnvironment(baseURL: "https://api.sandbox.push.apple.com")
    /// Any HTTPS endpoint that speaks the APNs protocol: `herald apns-sim`, a test server.
    public static func custom(url: String) -> APNSEnvironment { APNSEnvironment(baseURL: url) }

    public var description: String { baseURL }
}
