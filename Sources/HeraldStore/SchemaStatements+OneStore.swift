/// The migration steps only one store takes, each with its reason: how each keeps the
/// per-app counts of migrations 4, 7 and 13 (SQLite's triggers run once per row;
/// PostgreSQL's once per statement, from migration 7), and PostgreSQL's indexes for the
/// claims of several processes.
extension SchemaStatements {
    /// Migration 4's counters of each app's devices and interest subscriptions.
    static func rowCounters(_ d: SQLDialect) -> String {
        switch d {
        case .sqlite:
            // one store: SQLite's triggers are row triggers with their statements inline.
            return """
                CREATE TRIGGER devices_counted AFTER INSERT ON devices BEGIN
                    UPDATE apps SET device_count = device_count + 1 WHERE id = NEW.app_id;
                END;
                CREATE TRIGGER devices_uncounted AFTER DELETE ON devices BEGIN
                    UPDATE apps SET device_count = device_count - 1 WHERE id = OLD.app_id;
                END;
                CREATE TRIGGER subscriptions_counted AFTER INSERT ON device_interests BEGIN
                    UPDATE apps SET subscription_count = subscription_count + 1 WHERE id = NEW.app_id;
                END;
                CREATE TRIGGER subscriptions_uncounted AFTER DELETE ON device_interests BEGIN
                    UPDATE apps SET subscription_count = subscription_count - 1 WHERE id = OLD.app_id;
                END;
                """
        case .postgres:
            // One function serves both counters (the column it moves comes as the trigger's
            // argument). The app's row is locked with the change, so concurrent writers take
            // turns on the count and it stays exact.
            // one store: PostgreSQL's triggers run a function.
            return """
                CREATE FUNCTION herald_count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
                DECLARE
                    delta integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
                    app text := CASE WHEN TG_OP = 'INSERT' THEN NEW.app_id ELSE OLD.app_id END;
                BEGIN
                    UPDATE apps SET
                        device_count = device_count + CASE WHEN TG_ARGV[0] = 'device_count' THEN delta ELSE 0 END,
                        subscription_count = subscription_count + CASE WHEN TG_ARGV[0] = 'subscription_count' THEN delta ELSE 0 END
                    WHERE id = app;
                    RETURN NULL;
                END $$;
                CREATE TRIGGER devices_counted AFTER INSERT OR DELETE ON devices
                    FOR EACH ROW EXECUTE FUNCTION herald_count_rows('device_count');
                CREATE TRIGGER subscriptions_counted AFTER INSERT OR DELETE ON device_interests
                    FOR EACH ROW EXECUTE FUNCTION herald_count_rows('subscription_count');
                """
        }
    }

    /// Migration 22's first step: the deliveries without their (publish_id, token)
    /// constraint. PostgreSQL drops it; SQLite cannot drop a table's constraint, so it makes
    /// the table again without it (same columns, rows and indexes).
    static func deliveriesWithoutTokenKey(_ d: SQLDialect) -> String {
        // one store: PostgreSQL drops a constraint by name
        guard d == .sqlite else { return "ALTER TABLE deliveries DROP CONSTRAINT deliveries_publish_id_token_key;" }
        let columns = """
            seq, publish_id, app_id, device_seq, token, environment, state, attempts, next_at, in_doubt, reason, apns_id, updated_at,
            lease_owner, platform, variant, due_at
            """
        // one store: SQLite's way to drop a constraint, a new table
        return """
            CREATE TABLE deliveries_keyed (
                seq INTEGER PRIMARY KEY, publish_id TEXT NOT NULL, app_id TEXT NOT NULL,
                device_seq INTEGER, token TEXT NOT NULL, environment TEXT NOT NULL,
                state INTEGER NOT NULL DEFAULT 0, attempts INTEGER NOT NULL DEFAULT 0,
                next_at REAL NOT NULL, in_doubt INTEGER NOT NULL DEFAULT 0,
                reason TEXT, apns_id TEXT, updated_at REAL NOT NULL, lease_owner TEXT, platform TEXT NOT NULL DEFAULT 'apns',
                variant TEXT, due_at REAL
            );
            INSERT INTO deliveries_keyed (\(columns)) SELECT \(columns) FROM deliveries;
            DROP TABLE deliveries;
            ALTER TABLE deliveries_keyed RENAME TO deliveries;
            CREATE INDEX deliveries_due ON deliveries(app_id, next_at) WHERE state = 0;
            CREATE INDEX deliveries_inflight ON deliveries(state) WHERE state = 1;
            """
    }

    /// Migration 6's index of the deliveries in flight by the process holding them.
    static func deliveriesByHolder(_ d: SQLDialect) -> String {
        guard d == .postgres else { return "" }
        // one store: only PostgreSQL's processes find another's expired leases by holder.
        return "CREATE INDEX deliveries_in_flight ON deliveries(lease_owner) WHERE state = 1;"
    }

    /// Migration 7, PostgreSQL's only: the counters of migration 4 move once per statement,
    /// not once per row: one transaction that adds 100,000 devices (an import) updated the
    /// app's row 200,000 times, and each update walked the row's versions that the
    /// transaction had made, so the import took minutes. (SQLite's row triggers stay: it
    /// keeps no versions.) Also: migration 6's index of deliveries in flight by holder makes
    /// migration 1's index of them by state redundant, and every claim paid for both. And
    /// the index of due deliveries gets `seq`, the claim's second sort key: without it each
    /// claim read and sorted every due delivery of the app (a publish's all have one
    /// `next_at`) to take 500; SQLite's index carries the rowid (`seq`) already.
    static func statementCounters(_ d: SQLDialect) -> String {
        guard d == .postgres else { return "" }
        // one store: PostgreSQL's row versions and its claims' indexes (see above).
        return """
            DROP INDEX deliveries_inflight;
            DROP INDEX deliveries_due;
            CREATE INDEX deliveries_due ON deliveries(app_id, next_at, seq) WHERE state = 0;
            DROP TRIGGER devices_counted ON devices;
            DROP TRIGGER subscriptions_counted ON device_interests;
            DROP FUNCTION herald_count_rows();
            CREATE FUNCTION herald_count_statement() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE
                sign integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
            BEGIN
                UPDATE apps a SET
                    device_count = device_count + CASE WHEN TG_ARGV[0] = 'device_count' THEN sign * c.n ELSE 0 END,
                    subscription_count = subscription_count + CASE WHEN TG_ARGV[0] = 'subscription_count' THEN sign * c.n ELSE 0 END
                FROM (SELECT app_id, count(*) AS n FROM changed GROUP BY app_id) c WHERE a.id = c.app_id;
                RETURN NULL;
            END $$;
            CREATE TRIGGER devices_added AFTER INSERT ON devices REFERENCING NEW TABLE AS changed
                FOR EACH STATEMENT EXECUTE FUNCTION herald_count_statement('device_count');
            CREATE TRIGGER devices_removed AFTER DELETE ON devices REFERENCING OLD TABLE AS changed
                FOR EACH STATEMENT EXECUTE FUNCTION herald_count_statement('device_count');
            CREATE TRIGGER subscriptions_added AFTER INSERT ON device_interests REFERENCING NEW TABLE AS changed
                FOR EACH STATEMENT EXECUTE FUNCTION herald_count_statement('subscription_count');
            CREATE TRIGGER subscriptions_removed AFTER DELETE ON device_interests REFERENCING OLD TABLE AS changed
                FOR EACH STATEMENT EXECUTE FUNCTION herald_count_statement('subscription_count');
            """
    }

    /// Migration 13's counters of each app's stored receipts (a receipt's app is its publish's).
    static func eventCounters(_ d: SQLDialect) -> String {
        switch d {
        case .sqlite:
            // one store: SQLite's row triggers, as migration 4's.
            return """
                CREATE TRIGGER events_counted AFTER INSERT ON events BEGIN
                    UPDATE apps SET event_count = event_count + 1 WHERE id = (SELECT app_id FROM publishes WHERE id = NEW.publish_id);
                END;
                CREATE TRIGGER events_uncounted AFTER DELETE ON events BEGIN
                    UPDATE apps SET event_count = event_count - 1 WHERE id = (SELECT app_id FROM publishes WHERE id = OLD.publish_id);
                END;
                """
        case .postgres:
            // one store: PostgreSQL's statement triggers, as migration 7's.
            return """
                CREATE FUNCTION herald_count_events() RETURNS trigger LANGUAGE plpgsql AS $$
                DECLARE
                    sign integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
                BEGIN
                    UPDATE apps a SET event_count = event_count + sign * c.n
                    FROM (SELECT p.app_id, count(*) AS n FROM changed JOIN publishes p ON p.id = changed.publish_id GROUP BY p.app_id) c
                    WHERE a.id = c.app_id;
                    RETURN NULL;
                END $$;
                CREATE TRIGGER events_added AFTER INSERT ON events REFERENCING NEW TABLE AS changed
                    FOR EACH STATEMENT EXECUTE FUNCTION herald_count_events();
                CREATE TRIGGER events_removed AFTER DELETE ON events REFERENCING OLD TABLE AS changed
                    FOR EACH STATEMENT EXECUTE FUNCTION herald_count_events();
                """
        }
    }
}
