/// `apns-priority`: an open set, like `PushType`.
public struct APNSPriority: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public var description: String { String(rawValue) }

    /// 10: deliver now (the default for alerts); not allowed for background pushes.
    public static let immediate = APNSPriority(rawValue: 10)
    /// 5: deliver when the device's power allows; required for background pushes.
    public static let powerConsiderate = APNSPriority(rawValue: 5)
    /// 1: deliver when the device is otherwise awake; never wakes it.
    public static let low = APNSPriority(rawValue: 1)

    /// The priorities APNs accepts.
    public static let documented: [APNSPriority] = [.immediate, .powerConsiderate, .low]
}
