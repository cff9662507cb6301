/// The statements of broadcast channels, written once for both stores and rendered for
/// each database once.
enum ChannelStatements {
    /// The app's row, locked so that creations take turns and the per-app limit holds.
    static let lockApp = PostgresLock("SELECT 1 FROM apps WHERE id = ? FOR NO KEY UPDATE")
    static let liveCount = SQLStatement("SELECT count(*) FROM channels WHERE app_id = ? AND environment = ? AND state <> 'deleted'")
    static let insert = SQLStatement(
        """
        INSERT INTO channels (id, app_id, environment, storage_policy, state, next_at, created_at, updated_at)
        VALUES (?1, ?2, ?3, ?4, 'creating', ?5, ?5, ?5)
        """)
    static let channel = SQLStatement("SELECT \(ChannelRecord.columns) FROM channels WHERE app_id = ? AND id = ?")
    /// Up to a limit of the app's channels that are not deleted, after channel `?2` (if any).
    static let channels = SQLStatement(
        """
        SELECT \(ChannelRecord.columns) FROM channels WHERE app_id = ?1 AND state <> 'deleted'
        AND seq > coalesce((SELECT seq FROM channels WHERE app_id = ?1 AND id = ?2), 0) ORDER BY seq LIMIT ?3
        """)
    /// DELETE from the API (?1 now, ?2 app, ?3 id): a channel APNs never made and no
    /// operation is pending for (failed) is deleted at once; a creating one becomes
    /// deleting and keeps its time (a create in flight is recorded first, then deleted);
    /// an active or failed one APNs made is deleted from now on. Deleting or deleted: unchanged.
    static let delete = SQLStatement(
        """
        UPDATE channels SET
            state = CASE WHEN state = 'failed' AND apns_channel_id IS NULL THEN 'deleted' ELSE 'deleting' END,
            attempts = CASE WHEN state = 'creating' THEN attempts ELSE 0 END,
            next_at = CASE WHEN state = 'creating' THEN next_at ELSE ?1 END,
            failure_reason = NULL, updated_at = ?1
        WHERE app_id = ?2 AND id = ?3 AND state IN ('creating', 'active', 'failed')
        """)
    private static let pending = "WHERE app_id = ?1 AND id = ?2 AND state IN ('creating', 'deleting')"
    /// An operation's result (?1 app, ?2 id, then the result's values). Only a channel with
    /// an operation pending changes: a repeated result changes nothing. A channel deleted
    /// while its create was in flight stays deleting, due now, so APNs' channel goes too.
    static let created = SQLStatement(
        """
        UPDATE channels SET apns_channel_id = ?3, state = CASE WHEN state = 'creating' THEN 'active' ELSE state END,
        attempts = 0, next_at = ?4, failure_reason = NULL, updated_at = ?4 \(pending)
        """)
    static let deleted = SQLStatement("UPDATE channels SET state = 'deleted', failure_reason = NULL, updated_at = ?3 \(pending)")
    static let retry = SQLStatement("UPDATE channels SET next_at = ?3, failure_reason = ?4, updated_at = ?5 \(pending)")
    // A create that failed after a DELETE: nothing is left at APNs, so it is deleted.
    static let failed = SQLStatement(
        """
        UPDATE channels SET state = CASE WHEN state = 'deleting' AND apns_channel_id IS NULL THEN 'deleted' ELSE 'failed' END,
        failure_reason = ?3, updated_at = ?4 \(pending)
        """)

    /// The statement that records `result`, and its values after the app and the id.
    static func complete(_ result: ChannelOperationResult, now: Double) -> (statement: SQLStatement, values: [SQLValue]) {
        switch result {
        case .created(let apnsChannelID): (created, [.text(apnsChannelID), .double(now)])
        case .deleted: (deleted, [.double(now)])
        case .retry(let reason, let retryAt): (retry, [.double(retryAt), .text(reason), .double(now)])
        case .failed(let reason): (failed, [.text(reason), .double(now)])
        }
    }
}
