/// Receipts dropped by the outbox's bounds, so it is never silent: how many, why, when.
public struct TrimReport: Sendable, Hashable, CustomStringConvertible {
    public enum Reason: String, Sendable, Hashable { case size, age }
    public var count: Int
    public var reason: Reason
    public var at: Double

    public var description: String {
        "\(count) unsent receipt\(count == 1 ? "" : "s") dropped: the outbox is bounded by \(reason.rawValue)"
    }

    var json: JSONValue { ["type": "trimmed", "count": .int(count), "reason": .string(reason.rawValue), "at": .double(at)] }
}

/// Everything an outbox holds, for `herald outbox show` and tests.
public struct OutboxSnapshot: Sendable {
    /// Every receipt still in the file, oldest first.
    public var receipts: [Receipt]
    /// Those not yet acknowledged by the server, oldest first.
    public var pending: [Receipt]
    /// Receipt ids the server took, or that were dropped as permanently refused.
    public var acknowledged: Set<String>
    public var trims: [TrimReport]
    public var tornTail: TornTail?
    public var corruptOffsets: [Int]
}
