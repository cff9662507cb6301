import HeraldShared

extension SQLiteStore {
    /// Claims due operations: read them, then mark them, in the transaction.
    public func claimChannelOperations(now: Double, limit: Int, hold: Double) throws -> [ChannelRecord] {
        try write { db in
            // one store: PostgreSQL claims with one UPDATE … FOR UPDATE SKIP LOCKED … RETURNING (PostgresStore+Channels)
            let due = try db.query(
                """
                SELECT \(ChannelRecord.columns) FROM channels WHERE state IN ('creating', 'deleting') AND next_at <= ?
                ORDER BY next_at, seq LIMIT ?
                """, [.double(now), .int(limit)], Self.channelRecord)
            guard !due.isEmpty else { return [] }
            // one store: see above
            _ = try db.execute(
                "UPDATE channels SET attempts = attempts + 1, next_at = ? WHERE id IN (\(SQLiteConnection.placeholders(due.count)))",
                [.double(now + hold)] + due.map { .text($0.id) })
            return due.map { channel in
                var claimed = channel
                claimed.attempts += 1
                return claimed
            }
        }
    }
}
