/// A client set up in a way that cannot work: what, and how to fix it.
public struct APNSConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The setting at fault: `topic`, `token refresh interval`, `CA file`.
    public var setting: String
    public var message: String

    public init(_ setting: String, _ message: String) {
        self.setting = setting
        self.message = message
    }

    public var description: String { "\(setting): \(message)" }
}
