/// What APNs keeps for a channel's subscribers who are offline, chosen when the channel
/// is made (`message-storage-policy`); an open set like `APNSPriority`.
public struct APNSMessageStoragePolicy: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// 0: nothing is stored; a device offline when a broadcast is sent misses it
    /// (for frequent updates, where the next one soon replaces it).
    public static let noMessageStored = APNSMessageStoragePolicy(rawValue: 0)
    /// 1: the most recent broadcast is stored and delivered when the device is back.
    public static let mostRecentMessageStored = APNSMessageStoragePolicy(rawValue: 1)

    /// The policies Apple documents.
    public static let documented: [APNSMessageStoragePolicy] = [.noMessageStored, .mostRecentMessageStored]

    /// `no-storage` or `most-recent`, the names the CLI takes.
    public var name: String {
        switch self {
        case .noMessageStored: return "no-storage"
        case .mostRecentMessageStored: return "most-recent"
        default: return String(rawValue)
        }
    }

    /// The policy named `name` (`no-storage`, `most-recent`, `0` or `1`).
    public init?(name: String) {
        switch name {
        case "no-storage", "0": self = .noMessageStored
        case "most-recent", "1": self = .mostRecentMessageStored
        default: return nil
        }
    }

    public var description: String { "\(rawValue) (\(name))" }
}
