import HeraldShared

/// Where requests go: Apple's service for an `APNsEnvironment`, or any URL (a simulator).
///
/// Notifications and broadcasts go to `baseURL`; channel management goes to
/// `channelBaseURL`, a separate host and port at Apple.
public struct APNSEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// The scheme, host and port, without a trailing slash: `https://api.push.apple.com`.
    public var baseURL: String
    /// Where channel management requests go: `https://api-manage-broadcast.push.apple.com:2196`.
    public var channelBaseURL: String

    /// - Parameter channelBaseURL: the channel management endpoint; `baseURL` when `nil`
    ///   (a simulator serves both).
    public init(baseURL: String, channelBaseURL: String? = nil) {
        self.baseURL = Self.trimmed(baseURL)
        self.channelBaseURL = Self.trimmed(channelBaseURL ?? baseURL)
    }

    private static func trimmed(_ url: String) -> String {
        var url = url
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }

    /// Apple's service for tokens of `environment`.
    public init(_ environment: APNsEnvironment) {
        self = environment == .production ? .production : .sandbox
    }

    /// Apple's production service, for App Store, TestFlight and ad-hoc builds.
    public static let production = APNSEndpoint(
        baseURL: "https://api.push.apple.com", channelBaseURL: "https://api-manage-broadcast.push.apple.com:2196")
    /// Apple's development service, for builds signed with a development profile.
    public static let sandbox = APNSEndpoint(
        baseURL: "https://api.sandbox.push.apple.com", channelBaseURL: "https://api-manage-broadcast.sandbox.push.apple.com:2195")
    /// Any HTTPS endpoint that speaks the APNs protocol: `herald apns-sim`, a test server.
    public static func custom(url: String) -> APNSEndpoint { APNSEndpoint(baseURL: url) }
    /// An endpoint whose channel management API is at `channelURL`.
    public static func custom(url: String, channelURL: String) -> APNSEndpoint {
        APNSEndpoint(baseURL: url, channelBaseURL: channelURL)
    }

    public var description: String { baseURL }
}
