extension SchemaStatements {
    /// Migration 24. `event_log`: one row per fact told out, written in the transaction of
    /// the fact, each app's numbered in commit order (`PostgresConnection+Events`).
    /// `webhooks`: an endpoint, its secrets, its cursor into the log (the last event it
    /// acknowledged), its retry state and health, and the process sending to it now
    /// (`claimed_by` until `claimed_until`). `webhook_attempts`: each endpoint's recent requests.
    static func eventsOut(_ d: SQLDialect) -> String {
        """
            CREATE TABLE event_log (
                seq \(d.increasingRowKey), app_id TEXT NOT NULL, type TEXT NOT NULL,
                at \(d.real) NOT NULL, data TEXT NOT NULL
            );
            CREATE INDEX event_log_feed ON event_log(app_id, seq);
            CREATE TABLE webhooks (
                id TEXT PRIMARY KEY, app_id TEXT NOT NULL, url TEXT NOT NULL, events TEXT NOT NULL, description TEXT,
                secret TEXT NOT NULL, old_secret TEXT, old_secret_until \(d.real),
                enabled \(d.boolean) NOT NULL, disabled_reason TEXT,
                cursor_seq \(d.bigInteger) NOT NULL,
                failures \(d.integer) NOT NULL DEFAULT 0, next_at \(d.real) NOT NULL,
                claimed_by TEXT, claimed_until \(d.real),
                last_success_at \(d.real), last_failure_at \(d.real), last_failure_status \(d.integer), last_failure_error TEXT,
                created_at \(d.real) NOT NULL, updated_at \(d.real) NOT NULL
            );
            CREATE INDEX webhooks_app ON webhooks(app_id, created_at);
            CREATE TABLE webhook_attempts (
                seq \(d.rowKey), webhook_id TEXT NOT NULL, at \(d.real) NOT NULL, status \(d.integer), error TEXT,
                events \(d.integer) NOT NULL, first_event \(d.bigInteger), duration \(d.real) NOT NULL
            );
            CREATE INDEX webhook_attempts_hook ON webhook_attempts(webhook_id, seq);
            """
    }
}
