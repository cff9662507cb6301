/// The store's tables, as numbered migrations recorded in `PRAGMA user_version`.
/// A migration is never edited once released: changes are new migrations.
enum Schema {
    static let migrations: [String] = [
        // 1: apps, devices, interests, publishes, deliveries, events.
        """
        CREATE TABLE apps (
            id TEXT PRIMARY KEY, name TEXT NOT NULL, bundle_id TEXT NOT NULL,
            server_key_hash TEXT NOT NULL, client_key_hash TEXT NOT NULL,
            rate_limit REAL, created_at REAL NOT NULL
        );
        CREATE TABLE app_credentials (
            app_id TEXT NOT NULL REFERENCES apps(id), environment TEXT NOT NULL,
            method TEXT NOT NULL, key_id TEXT, team_id TEXT, pem TEXT NOT NULL,
            endpoint TEXT, ca_file TEXT,
            PRIMARY KEY (app_id, environment)
        );
        CREATE TABLE devices (
            seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, app_id TEXT NOT NULL REFERENCES apps(id),
            token TEXT NOT NULL, environment TEXT NOT NULL, user_id TEXT, metadata TEXT NOT NULL,
            created_at REAL NOT NULL, token_registered_at REAL NOT NULL, updated_at REAL NOT NULL,
            invalidated_at REAL, invalid_reason TEXT,
            UNIQUE (app_id, token)
        );
        CREATE INDEX devices_user ON devices(app_id, user_id) WHERE user_id IS NOT NULL;
        CREATE TABLE device_interests (
            app_id TEXT NOT NULL, interest TEXT NOT NULL, device_seq INTEGER NOT NULL,
            PRIMARY KEY (app_id, interest, device_seq)
        ) WITHOUT ROWID;
        CREATE INDEX device_interests_device ON device_interests(device_seq);
        CREATE TABLE publishes (
            seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, app_id TEXT NOT NULL REFERENCES apps(id),
            target_kind TEXT NOT NULL, target_keys TEXT NOT NULL, payload BLOB NOT NULL,
            push_type TEXT NOT NULL, priority INTEGER NOT NULL, collapse_id TEXT, expiration REAL,
            send_at REAL, environment TEXT NOT NULL, idempotency_key TEXT,
            status TEXT NOT NULL, created_at REAL NOT NULL, updated_at REAL NOT NULL,
            fanout_key INTEGER NOT NULL DEFAULT 0, fanout_seq INTEGER NOT NULL DEFAULT 0,
            fanout_done INTEGER NOT NULL DEFAULT 0,
            targeted INTEGER NOT NULL DEFAULT 0, sent INTEGER NOT NULL DEFAULT 0,
            failed INTEGER NOT NULL DEFAULT 0, invalidated INTEGER NOT NULL DEFAULT 0,
            delivered INTEGER NOT NULL DEFAULT 0, opened INTEGER NOT NULL DEFAULT 0,
            UNIQUE (app_id, idempotency_key)
        );
        CREATE INDEX publishes_status ON publishes(status, seq) WHERE status IN ('scheduled', 'queued', 'sending');
        CREATE TABLE publish_failures (
            publish_id TEXT NOT NULL, reason TEXT NOT NULL, count INTEGER NOT NULL,
            PRIMARY KEY (publish_id, reason)
        ) WITHOUT ROWID;
        CREATE TABLE deliveries (
            seq INTEGER PRIMARY KEY, publish_id TEXT NOT NULL, app_id TEXT NOT NULL,
            device_seq INTEGER, token TEXT NOT NULL, environment TEXT NOT NULL,
            state INTEGER NOT NULL DEFAULT 0, attempts INTEGER NOT NULL DEFAULT 0,
            next_at REAL NOT NULL, in_doubt INTEGER NOT NULL DEFAULT 0,
            reason TEXT, apns_id TEXT, updated_at REAL NOT NULL,
            UNIQUE (publish_id, token)
        );
        CREATE INDEX deliveries_due ON deliveries(app_id, next_at) WHERE state = 0;
        CREATE INDEX deliveries_inflight ON deliveries(state) WHERE state = 1;
        CREATE TABLE events (
            publish_id TEXT NOT NULL, device_id TEXT NOT NULL, event TEXT NOT NULL,
            action_id TEXT NOT NULL, at REAL NOT NULL,
            PRIMARY KEY (publish_id, device_id, event, action_id)
        ) WITHOUT ROWID;
        """,
        // 2: retention: which finished publishes still have per-device rows.
        """
        ALTER TABLE publishes ADD COLUMN pruned INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX publishes_prunable ON publishes(updated_at) WHERE status IN ('done', 'cancelled') AND pruned = 0;
        """,
        // 3: trust. Device keys (hashed; a device registered before has none), the app's
        // user-token secret, the grace period for keyless devices (on for the apps that
        // exist at the upgrade, off for new ones), and receipts held until APNs accepts.
        """
        ALTER TABLE apps ADD COLUMN user_token_secret TEXT;
        ALTER TABLE apps ADD COLUMN legacy_device_access INTEGER NOT NULL DEFAULT 0;
        UPDATE apps SET legacy_device_access = 1;
        ALTER TABLE devices ADD COLUMN key_hash TEXT;
        CREATE UNIQUE INDEX devices_key ON devices(key_hash) WHERE key_hash IS NOT NULL;
        ALTER TABLE events ADD COLUMN counted INTEGER NOT NULL DEFAULT 1;
        CREATE INDEX events_uncounted ON events(publish_id, device_id) WHERE counted = 0;
        """,
        // 4: quotas. Each app's devices and interest subscriptions, counted by triggers in
        // the transaction that adds or removes a row, so a quota check reads two numbers
        // instead of counting rows, and every path (API, import, another process) keeps them exact.
        """
        ALTER TABLE apps ADD COLUMN device_count INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE apps ADD COLUMN subscription_count INTEGER NOT NULL DEFAULT 0;
        UPDATE apps SET device_count = (SELECT count(*) FROM devices WHERE devices.app_id = apps.id),
            subscription_count = (SELECT count(*) FROM device_interests WHERE device_interests.app_id = apps.id);
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
        """,
        // 5: the request an idempotency key is bound to (`PublishFingerprint`, JSON); NULL
        // for publishes from before, and for those without a key.
        """
        ALTER TABLE publishes ADD COLUMN request_fingerprint TEXT;
        """,
        // 6: leases, as PostgreSQL's migration 6: the process serving the folder and the
        // holder of each delivery in flight (one process serves a folder, so SQLite only
        // records them).
        """
        CREATE TABLE gateway_instances (
            id TEXT PRIMARY KEY, host TEXT NOT NULL, pid INTEGER NOT NULL,
            started_at REAL NOT NULL, heartbeat_at REAL NOT NULL
        );
        ALTER TABLE deliveries ADD COLUMN lease_owner TEXT;
        """,
        // 7: PostgreSQL's counters move once per statement instead of once per row; SQLite's
        // row triggers stay (it keeps no row versions for them to walk). Nothing changes here.
        """
        SELECT 1;
        """,
        // 8: Live Activities. Each device's push-to-start token per activity type, and the
        // update token of each activity it runs (rotation replaces it), with when it ended.
        """
        CREATE TABLE push_to_start_tokens (
            device_seq INTEGER NOT NULL, activity_type TEXT NOT NULL, app_id TEXT NOT NULL,
            token TEXT NOT NULL, updated_at REAL NOT NULL,
            PRIMARY KEY (device_seq, activity_type)
        ) WITHOUT ROWID;
        CREATE INDEX push_to_start_tokens_type ON push_to_start_tokens(app_id, activity_type);
        CREATE TABLE activities (
            device_seq INTEGER NOT NULL, activity_id TEXT NOT NULL, app_id TEXT NOT NULL,
            activity_type TEXT NOT NULL, token TEXT NOT NULL, created_at REAL NOT NULL,
            updated_at REAL NOT NULL, ended_at REAL,
            PRIMARY KEY (device_seq, activity_id)
        ) WITHOUT ROWID;
        CREATE INDEX activities_id ON activities(app_id, activity_id);
        """,
        // 9: Live Activity publishes: a push-to-start publish keeps the activity type whose
        // push-to-start tokens it goes to.
        """
        ALTER TABLE publishes ADD COLUMN activity_type TEXT;
        """,
        // 10: broadcast channels. Each app's channels with APNs' id once made, the state of
        // the operation the engine owes APNs (create, delete) and when it is next due.
        """
        CREATE TABLE channels (
            seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, app_id TEXT NOT NULL REFERENCES apps(id),
            environment TEXT NOT NULL, storage_policy TEXT NOT NULL, apns_channel_id TEXT,
            state TEXT NOT NULL, failure_reason TEXT, attempts INTEGER NOT NULL DEFAULT 0, next_at REAL NOT NULL,
            created_at REAL NOT NULL, updated_at REAL NOT NULL
        );
        CREATE INDEX channels_app ON channels(app_id, seq);
        CREATE INDEX channels_due ON channels(next_at) WHERE state IN ('creating', 'deleting');
        """,
        // 11: console sessions signed out, until their cookie would have expired.
        """
        CREATE TABLE console_signouts (
            session_id TEXT PRIMARY KEY, app_id TEXT NOT NULL, expires_at REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX console_signouts_expiry ON console_signouts(expires_at);
        """,
        // 12: each publish's counters per second (PublishTimeline), filled from the
        // deliveries and receipts already there.
        """
        CREATE TABLE publish_history (
            publish_id TEXT NOT NULL, second INTEGER NOT NULL, series TEXT NOT NULL, count INTEGER NOT NULL,
            PRIMARY KEY (publish_id, second, series)
        ) WITHOUT ROWID;
        INSERT INTO publish_history (publish_id, second, series, count)
            SELECT publish_id, CAST(updated_at AS INTEGER), CASE state WHEN 2 THEN 'sent' WHEN 3 THEN 'failed' ELSE 'invalidated' END,
                count(*)
            FROM deliveries WHERE state IN (2, 3, 4) GROUP BY 1, 2, 3;
        INSERT INTO publish_history (publish_id, second, series, count)
            SELECT publish_id, CAST(at AS INTEGER), event, count(*) FROM events
            WHERE counted = 1 AND event IN ('delivered', 'opened') GROUP BY 1, 2, 3;
        """,
        // 13: each app's stored receipts (a receipt's app is its publish's), counted by
        // triggers as migration 4's counts are, for the events quota. And an activity id
        // belongs to one device of its app: where devices shared one, the first to register
        // it keeps it and the others' rows go.
        """
        ALTER TABLE apps ADD COLUMN event_count INTEGER NOT NULL DEFAULT 0;
        UPDATE apps SET event_count = (SELECT count(*) FROM publishes p JOIN events e ON e.publish_id = p.id WHERE p.app_id = apps.id);
        CREATE TRIGGER events_counted AFTER INSERT ON events BEGIN
            UPDATE apps SET event_count = event_count + 1 WHERE id = (SELECT app_id FROM publishes WHERE id = NEW.publish_id);
        END;
        CREATE TRIGGER events_uncounted AFTER DELETE ON events BEGIN
            UPDATE apps SET event_count = event_count - 1 WHERE id = (SELECT app_id FROM publishes WHERE id = OLD.publish_id);
        END;
        DELETE FROM activities WHERE EXISTS (
            SELECT 1 FROM activities first WHERE first.app_id = activities.app_id AND first.activity_id = activities.activity_id
            AND (first.created_at < activities.created_at
                OR (first.created_at = activities.created_at AND first.device_seq < activities.device_seq)));
        DROP INDEX activities_id;
        CREATE UNIQUE INDEX activities_id ON activities(app_id, activity_id);
        """,
    ]

    /// Brings the database at `connection` up to the latest migration.
    static func migrate(_ connection: SQLiteConnection) throws {
        let current = try connection.scalar("PRAGMA user_version") ?? 0
        guard current <= migrations.count else { throw newer("the data folder", schema: current, known: migrations.count) }
        for (index, sql) in migrations.enumerated() where index >= current {
            try connection.transaction {
                // Another process may have migrated meanwhile: check under the write lock.
                guard (try connection.scalar("PRAGMA user_version") ?? 0) <= index else { return }
                try connection.executeScript(sql)
                try connection.executeScript("PRAGMA user_version = \(index + 1)")
            }
        }
    }
}

extension Schema {
    /// The error for stored data (`place`: "the data folder", "the database") whose schema
    /// is from a newer Herald: both stores refuse it in the same words.
    static func newer(_ place: String, schema: Int, known: Int) -> StoreError {
        StoreError(
            .unsupportedSchema, "\(place) was written by a newer Herald (schema \(schema), this one knows \(known)); use that version")
    }
}

/// Delivery states as stored.
enum DeliveryState: Int {
    case pending = 0, inFlight = 1, sent = 2, failed = 3, invalidated = 4, cancelled = 5
}
