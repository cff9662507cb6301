/// The SQL of channel state changes, the same for both stores: written with PostgreSQL's
/// `$n` placeholders; SQLite reads them as its numbered `?n` (`sqlite`).
enum ChannelStatements {
    /// A parameter of these statements.
    enum Value {
        case text(String)
        case double(Double)
        case int(Int)
    }

    /// For SQLite: `$n` becomes `?n`, which binds the same n-th value.
    static func sqlite(_ sql: String) -> String { sql.replacingOccurrences(of: "$", with: "?") }

    /// DELETE from the API ($1 now, $2 app, $3 id): a channel APNs never made and no
    /// operation is pending for (failed) is deleted at once; a creating one becomes
    /// deleting and keeps its time (a create in flight is recorded first, then deleted);
    /// an active or failed one APNs made is deleted from now on. Deleting or deleted: unchanged.
    static let delete = """
        UPDATE channels SET
            state = CASE WHEN state = 'failed' AND apns_channel_id IS NULL THEN 'deleted' ELSE 'deleting' END,
            attempts = CASE WHEN state = 'creating' THEN attempts ELSE 0 END,
            next_at = CASE WHEN state = 'creating' THEN next_at ELSE $1 END,
            failure_reason = NULL, updated_at = $1
        WHERE app_id = $2 AND id = $3 AND state IN ('creating', 'active', 'failed')
        """

    /// Records an operation's result ($1 app, $2 id, then the result's values). Only a
    /// channel with an operation pending changes: a repeated result changes nothing.
    static func complete(_ result: ChannelOperationResult, now: Double) -> (sql: String, values: [Value]) {
        let pending = "WHERE app_id = $1 AND id = $2 AND state IN ('creating', 'deleting')"
        switch result {
        case .created(let apnsChannelID):
            // Deleted meanwhile: it stays deleting, due now, so APNs' channel goes too.
            return (
                """
                UPDATE channels SET apns_channel_id = $3, state = CASE WHEN state = 'creating' THEN 'active' ELSE state END,
                attempts = 0, next_at = $4, failure_reason = NULL, updated_at = $4 \(pending)
                """, [.text(apnsChannelID), .double(now)]
            )
        case .deleted:
            return ("UPDATE channels SET state = 'deleted', failure_reason = NULL, updated_at = $3 \(pending)", [.double(now)])
        case .retry(let reason, let retryAt):
            return (
                "UPDATE channels SET next_at = $3, failure_reason = $4, updated_at = $5 \(pending)",
                [.double(retryAt), .text(reason), .double(now)]
            )
        case .failed(let reason):
            // A create that failed after a DELETE: nothing is left at APNs, so it is deleted.
            return (
                """
                UPDATE channels SET state = CASE WHEN state = 'deleting' AND apns_channel_id IS NULL THEN 'deleted' ELSE 'failed' END,
                failure_reason = $3, updated_at = $4 \(pending)
                """, [.text(reason), .double(now)]
            )
        }
    }
}
