
extension SQLiteStore {
    public func pruneFinished(before: Double, limit: Int) throws -> PruneProgress {
        try write { db in try Self.prune(db, before: before, limit: limit) }
    }
}

/// What one pruning step did.
public struct PruneProgress: Sendable, Hashable {
    /// Delivery rows deleted.
    public var deleted: Int
    /// Whether old rows are left for another step.
    public var more: Bool
}
