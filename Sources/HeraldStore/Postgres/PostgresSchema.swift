/// The PostgreSQL store's tables, as numbered migrations recorded in `herald_schema` (one
/// row per migration applied). The same logical schema as SQLite's `Schema`, number for
/// number: migration N makes the same change in both stores. Times are seconds since 1970
/// as `double precision`, flags `boolean`, payloads `bytea`, target keys and fingerprints
/// `jsonb` (the app's metadata stays `text`, kept as the app sent it). A migration is
/// never edited once released: changes are new migrations, in both stores.
enum PostgresSchema {
    static let migrations: [String] = [
        // 1: apps, devices, interests, publishes, deliveries, events.
        """
        CREATE TABLE apps (
            id text PRIMARY KEY, name text NOT NULL, bundle_id text NOT NULL,
            server_key_hash text NOT NULL, client_key_hash text NOT NULL,
            rate_limit double precision, created_at double precision NOT NULL
        );
        CREATE TABLE app_credentials (
            app_id text NOT NULL REFERENCES apps(id), environment text NOT NULL,
            method text NOT NULL, key_id text, team_id text, pem text NOT NULL,
            endpoint text, ca_file text,
            PRIMARY KEY (app_id, environment)
        );
        CREATE TABLE devices (
            seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, id text NOT NULL UNIQUE,
            app_id text NOT NULL REFERENCES apps(id), token text NOT NULL, environment text NOT NULL,
            user_id text, metadata text NOT NULL, created_at double precision NOT NULL,
            token_registered_at double precision NOT NULL, updated_at double precision NOT NULL,
            invalidated_at double precision, invalid_reason text,
            UNIQUE (app_id, token)
        );
        CREATE INDEX devices_user ON devices(app_id, user_id) WHERE user_id IS NOT NULL;
        CREATE TABLE device_interests (
            app_id text NOT NULL, interest text NOT NULL, device_seq bigint NOT NULL,
            PRIMARY KEY (app_id, interest, device_seq)
        );
        CREATE INDEX device_interests_device ON device_interests(device_seq);
        CREATE TABLE publishes (
            seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, id text NOT NULL UNIQUE,
            app_id text NOT NULL REFERENCES apps(id), target_kind text NOT NULL, target_keys jsonb NOT NULL,
            payload bytea NOT NULL, push_type text NOT NULL, priority integer NOT NULL, collapse_id text,
            expiration double precision, send_at double precision, environment text NOT NULL, idempotency_key text,
            status text NOT NULL, created_at double precision NOT NULL, updated_at double precision NOT NULL,
            fanout_key integer NOT NULL DEFAULT 0, fanout_seq bigint NOT NULL DEFAULT 0,
            fanout_done boolean NOT NULL DEFAULT false,
            targeted bigint NOT NULL DEFAULT 0, sent bigint NOT NULL DEFAULT 0,
            failed bigint NOT NULL DEFAULT 0, invalidated bigint NOT NULL DEFAULT 0,
            delivered bigint NOT NULL DEFAULT 0, opened bigint NOT NULL DEFAULT 0,
            UNIQUE (app_id, idempotency_key)
        );
        CREATE INDEX publishes_status ON publishes(status, seq) WHERE status IN ('scheduled', 'queued', 'sending');
        CREATE TABLE publish_failures (
            publish_id text NOT NULL, reason text NOT NULL, count bigint NOT NULL,
            PRIMARY KEY (publish_id, reason)
        );
        CREATE TABLE deliveries (
            seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, publish_id text NOT NULL, app_id text NOT NULL,
            device_seq bigint, token text NOT NULL, environment text NOT NULL,
            state smallint NOT NULL DEFAULT 0, attempts integer NOT NULL DEFAULT 0,
            next_at double precision NOT NULL, in_doubt boolean NOT NULL DEFAULT false,
            reason text, apns_id text, updated_at double precision NOT NULL,
            UNIQUE (publish_id, token)
        );
        CREATE INDEX deliveries_due ON deliveries(app_id, next_at) WHERE state = 0;
        CREATE INDEX deliveries_inflight ON deliveries(state) WHERE state = 1;
        CREATE TABLE events (
            publish_id text NOT NULL, device_id text NOT NULL, event text NOT NULL,
            action_id text NOT NULL, at double precision NOT NULL,
            PRIMARY KEY (publish_id, device_id, event, action_id)
        );
        """,
        // 2: retention: which finished publishes still have per-device rows.
        """
        ALTER TABLE publishes ADD COLUMN pruned boolean NOT NULL DEFAULT false;
        CREATE INDEX publishes_prunable ON publishes(updated_at) WHERE status IN ('done', 'cancelled') AND NOT pruned;
        """,
        // 3: trust: device keys (hashed), the user-token secret, the grace period for
        // keyless devices (on for the apps that exist at the upgrade), held receipts.
        """
        ALTER TABLE apps ADD COLUMN user_token_secret text;
        ALTER TABLE apps ADD COLUMN legacy_device_access boolean NOT NULL DEFAULT false;
        UPDATE apps SET legacy_device_access = true;
        ALTER TABLE devices ADD COLUMN key_hash text;
        CREATE UNIQUE INDEX devices_key ON devices(key_hash) WHERE key_hash IS NOT NULL;
        ALTER TABLE events ADD COLUMN counted boolean NOT NULL DEFAULT true;
        CREATE INDEX events_uncounted ON events(publish_id, device_id) WHERE NOT counted;
        """,
        // 4: quotas: each app's devices and interest subscriptions, counted by triggers in
        // the transaction that adds or removes a row (the app's row is locked with it, so
        // concurrent writers take turns on the count and it stays exact).
        """
        ALTER TABLE apps ADD COLUMN device_count bigint NOT NULL DEFAULT 0;
        ALTER TABLE apps ADD COLUMN subscription_count bigint NOT NULL DEFAULT 0;
        UPDATE apps SET device_count = (SELECT count(*) FROM devices WHERE devices.app_id = apps.id),
            subscription_count = (SELECT count(*) FROM device_interests WHERE device_interests.app_id = apps.id);
        -- One function for both counters: the column it moves comes as the trigger's argument.
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
        """,
        // 5: the request an idempotency key is bound to (`PublishFingerprint`); NULL for
        // publishes without a key.
        """
        ALTER TABLE publishes ADD COLUMN request_fingerprint jsonb;
        """,
        // 6: leases. The processes serving the store, with when each was last seen, and
        // which of them holds each delivery in flight (`GatewayInstance`).
        """
        CREATE TABLE gateway_instances (
            id text PRIMARY KEY, host text NOT NULL, pid integer NOT NULL,
            started_at double precision NOT NULL, heartbeat_at double precision NOT NULL
        );
        ALTER TABLE deliveries ADD COLUMN lease_owner text;
        CREATE INDEX deliveries_in_flight ON deliveries(lease_owner) WHERE state = 1;
        """,
        // 7: the counters of migration 4 move once per statement, not once per row: one
        // transaction that adds 100,000 devices (an import) updated the app's row 200,000
        // times, and each update walked the row's versions that the transaction had made,
        // so the import took minutes. (SQLite's row triggers stay: it keeps no versions.)
        // Also: migration 6's index of deliveries in flight by holder makes migration 1's
        // index of them by state redundant, and every claim paid for both. And the index of
        // due deliveries gets `seq`, the claim's second sort key: without it each claim read
        // and sorted every due delivery of the app (a publish's all have one `next_at`) to
        // take 500, so a 100,000-device publish read billions of rows; SQLite's index
        // carries the rowid (`seq`) already.
        """
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
        """,
        // 8: Live Activities. Each device's push-to-start token per activity type, and the
        // update token of each activity it runs (rotation replaces it), with when it ended.
        """
        CREATE TABLE push_to_start_tokens (
            device_seq bigint NOT NULL, activity_type text NOT NULL, app_id text NOT NULL,
            token text NOT NULL, updated_at double precision NOT NULL,
            PRIMARY KEY (device_seq, activity_type)
        );
        CREATE INDEX push_to_start_tokens_type ON push_to_start_tokens(app_id, activity_type);
        CREATE TABLE activities (
            device_seq bigint NOT NULL, activity_id text NOT NULL, app_id text NOT NULL,
            activity_type text NOT NULL, token text NOT NULL, created_at double precision NOT NULL,
            updated_at double precision NOT NULL, ended_at double precision,
            PRIMARY KEY (device_seq, activity_id)
        );
        CREATE INDEX activities_id ON activities(app_id, activity_id);
        """,
        // 9: Live Activity publishes: a push-to-start publish keeps the activity type whose
        // push-to-start tokens it goes to.
        """
        ALTER TABLE publishes ADD COLUMN activity_type text;
        """,
        // 10: broadcast channels, as SQLite's migration 10.
        """
        CREATE TABLE channels (
            seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, id text NOT NULL UNIQUE, app_id text NOT NULL REFERENCES apps(id),
            environment text NOT NULL, storage_policy text NOT NULL, apns_channel_id text,
            state text NOT NULL, failure_reason text, attempts integer NOT NULL DEFAULT 0, next_at double precision NOT NULL,
            created_at double precision NOT NULL, updated_at double precision NOT NULL
        );
        CREATE INDEX channels_app ON channels(app_id, seq);
        CREATE INDEX channels_due ON channels(next_at) WHERE state IN ('creating', 'deleting');
        """,
        // 11: console sessions signed out, until their cookie would have expired.
        """
        CREATE TABLE console_signouts (
            session_id text PRIMARY KEY, app_id text NOT NULL, expires_at double precision NOT NULL
        );
        CREATE INDEX console_signouts_expiry ON console_signouts(expires_at);
        """,
        // 12: each publish's counters per second (PublishTimeline), filled from the
        // deliveries and receipts already there.
        """
        CREATE TABLE publish_history (
            publish_id text NOT NULL, second bigint NOT NULL, series text NOT NULL, count bigint NOT NULL,
            PRIMARY KEY (publish_id, second, series)
        );
        INSERT INTO publish_history (publish_id, second, series, count)
            SELECT publish_id, floor(updated_at)::bigint, CASE state WHEN 2 THEN 'sent' WHEN 3 THEN 'failed' ELSE 'invalidated' END,
                count(*)
            FROM deliveries WHERE state IN (2, 3, 4) GROUP BY 1, 2, 3;
        INSERT INTO publish_history (publish_id, second, series, count)
            SELECT publish_id, floor(at)::bigint, event, count(*) FROM events
            WHERE counted AND event IN ('delivered', 'opened') GROUP BY 1, 2, 3;
        """,
        // 13: each app's stored receipts, counted once per statement as migration 7's
        // counts are (a receipt's app is its publish's); an activity id belongs to one
        // device of its app (the first to register it keeps it), as SQLite's migration 13.
        """
        ALTER TABLE apps ADD COLUMN event_count bigint NOT NULL DEFAULT 0;
        UPDATE apps SET event_count = (SELECT count(*) FROM publishes p JOIN events e ON e.publish_id = p.id WHERE p.app_id = apps.id);
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
        DELETE FROM activities a USING activities first
            WHERE first.app_id = a.app_id AND first.activity_id = a.activity_id
            AND (first.created_at, first.device_seq) < (a.created_at, a.device_seq);
        DROP INDEX activities_id;
        CREATE UNIQUE INDEX activities_id ON activities(app_id, activity_id);
        """,
    ]

    /// Session advisory lock keys of Herald ("herald" in ASCII, then a number): one process
    /// at a time migrates, prunes.
    enum LockKey {
        static let migrations: Int64 = 0x6865_7261_6C64_0001
        static let retention: Int64 = 0x6865_7261_6C64_0002
    }

    /// Brings the database up to the latest migration, under an advisory lock so that two
    /// processes starting at once take turns (the second finds the work done). Each
    /// migration and its `herald_schema` row commit together.
    static func migrate(_ connection: PostgresConnection) throws {
        try connection.execute("SELECT pg_advisory_lock($1)", [.int(Int(LockKey.migrations))])
        defer { _ = try? connection.advisoryUnlock(LockKey.migrations) }
        // Checked first (under the lock) rather than IF NOT EXISTS, whose notice libpq would print.
        if try connection.query("SELECT to_regclass('herald_schema') IS NULL")[0].bool(0) {
            try connection.executeScript(
                "CREATE TABLE herald_schema (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())")
        }
        let current = try version(connection)
        guard current <= migrations.count else { throw Schema.newer("the database", schema: current, known: migrations.count) }
        for (index, sql) in migrations.enumerated() where index >= current {
            try connection.transaction { connection in
                try connection.executeScript(sql)
                try connection.execute("INSERT INTO herald_schema (version) VALUES ($1)", [.int(index + 1)])
            }
        }
    }

    /// The latest migration applied (0 for a new database).
    static func version(_ connection: PostgresConnection) throws(PostgresError) -> Int {
        try connection.query("SELECT coalesce(max(version), 0) FROM herald_schema")[0].int(0)
    }
}
