/// What `herald device` runs a simulated device with, whatever its platform: its name in
/// the output, what it registers (interests, user) and when it stops.
struct DeviceRun {
    var name: String
    var interests: [String]?
    var userID: String?
    /// The backend's user token for `userID`.
    var userToken: String?
    /// Stop after this many messages.
    var expect: Int
    /// Give up (exit 1) after this many seconds.
    var timeout: Double
    var json: Bool
}

extension DeviceCommand {
    /// The options every platform's device takes; `defaultName` names it when `--name` is
    /// not given. A user without its token, or a token without its user, is refused.
    static func deviceRun(_ arguments: Arguments, defaultName: String) throws -> DeviceRun {
        if arguments[Self.user] != nil, arguments[Self.userToken] == nil {
            throw UsageError("--user needs --user-token: the gateway binds a device to a user only with a token the app's backend signed")
        }
        if arguments[Self.userToken] != nil, arguments[Self.user] == nil { throw UsageError("--user-token goes with --user") }
        return DeviceRun(
            name: arguments[Self.deviceName] ?? defaultName,
            interests: arguments[Self.interests].map { $0.split(separator: ",").map(String.init) }, userID: arguments[Self.user],
            userToken: arguments[Self.userToken], expect: arguments[Self.expect], timeout: arguments[Self.timeout],
            json: arguments[Self.json])
    }
}
