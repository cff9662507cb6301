/// The simulator could not start or was given a setting it cannot use.
public struct APNSSimulatorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The setting or step at fault: `--listen`, `--fault`, `listening`.
    public var setting: String
    public var message: String

    public init(_ setting: String, _ message: String) {
        self.setting = setting
        self.message = message
    }

    public var description: String { "\(setting): \(message)" }
}
