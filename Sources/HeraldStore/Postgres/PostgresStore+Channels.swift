import HeraldShared

extension PostgresStore {
    /// Claims due operations with SKIP LOCKED, so two processes never make one channel at once.
    public func claimChannelOperations(now: Double, limit: Int, hold: Double) throws -> [ChannelRecord] {
        try write { db in
            // one store: SKIP LOCKED keeps two processes off one channel; SQLite's one writer reads, then marks
            try db.query(
                """
                UPDATE channels SET attempts = attempts + 1, next_at = $3 WHERE seq IN (
                    SELECT seq FROM channels WHERE state IN ('creating', 'deleting') AND next_at <= $1
                    ORDER BY next_at, seq LIMIT $2 FOR UPDATE SKIP LOCKED
                ) RETURNING \(ChannelRecord.columns)
                """, [.double(now), .int(limit), .double(now + hold)], Self.channelRecord)
        }
    }
}
