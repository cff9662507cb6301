extension SchemaStatements {
    /// Migration 26, what an explanation reads that nothing kept before
    /// (`ExplanationFacts`): each delivery's last answered attempt's latency, from its claim to
    /// the push service's answer, and the attempts before it that were answered with a retry
    /// (`earlier_attempts`, one JSON object a line: written on the retry path only, so a
    /// delivery accepted at once costs nothing more); and the devices deleted, by id, with
    /// their row key (their deliveries keep it) until retention prunes them.
    static func explanations(_ d: SQLDialect) -> String {
        """
            ALTER TABLE deliveries ADD COLUMN latency \(d.real);
            ALTER TABLE deliveries ADD COLUMN earlier_attempts TEXT;
            CREATE TABLE deleted_devices (
                app_id TEXT NOT NULL, id TEXT NOT NULL, seq \(d.bigInteger) NOT NULL, deleted_at \(d.real) NOT NULL,
                by_user \(d.boolean) NOT NULL,
                PRIMARY KEY (app_id, id)
            );
            CREATE INDEX deleted_devices_age ON deleted_devices(deleted_at);
            """
    }

    /// Migration 27: what a device knows of a receipt (`DeviceEvent.facts`: how it was
    /// presented, what the Service Extension kept, where a tap led), as JSON.
    static func receiptFacts(_ d: SQLDialect) -> String {
        "ALTER TABLE events ADD COLUMN facts TEXT;"
    }
}
