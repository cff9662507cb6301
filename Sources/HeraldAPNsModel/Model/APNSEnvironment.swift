/// Where requests go: Apple's production or sandbox service, or any URL (a simulator).
///
/// Notifications and broadcasts go to `baseURL`; channel management goes to
/// `channelBaseURL`, a separate host and port at Apple.
public struct APNSEnvironment: Sendable, Hashable, CustomStringConvertible {
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

    /// Apple's production service, for App Store, TestFlight and ad-hoc builds.
    public static let production = APNSEnvironment(
        baseURL: "https://api.push.apple.com", channelBaseURL: "https://api-manage-broadcast.push.apple.com:2196")
    /// Apple's development service, for builds signed with a development profile.
    public static let sandbox = APNSEnvironment(
        baseURL: "https://api.sandbox.push.apple.com", channelBaseURL: "https://api-manage-broadcast.sandbox.push.apple.com:2195")
    /// Any HTTPS endpoint that speaks the APNs protocol: `herald apns-sim`, a test server.
    public static func custom(url: String) -> APNSEnvironment { APNSEnvironment(baseURL: url) }
    /// An endpoint whose channel management API is at `channelURL`.
    public static func custom(url: String, channelURL: String) -> APNSEnvironment {
        APNSEnvironment(baseURL: url, channelBaseURL: channelURL)
    }

    public var description: String { baseURL }
}
