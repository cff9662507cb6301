/// The store's tables, as numbered migrations both stores run (`Schema.migrate`), each
/// written once: the dialect supplies the types (SQLite's affinities; PostgreSQL's
/// `double precision` times, `boolean` flags, `bytea` payloads, `jsonb` target keys and
/// fingerprints, identity keys), and a step only one store takes is in
/// `SchemaStatements+OneStore`, with its reason. Migration N makes the same logical change
/// in both stores.
enum SchemaStatements {
    static let migrations: [Migration] = [
        Migration(1, "apps, devices, interests, publishes, deliveries, events") { d in
            """
            CREATE TABLE apps (
                id TEXT PRIMARY KEY, name TEXT NOT NULL, bundle_id TEXT NOT NULL,
                server_key_hash TEXT NOT NULL, client_key_hash TEXT NOT NULL,
                rate_limit \(d.real), created_at \(d.real) NOT NULL
            );
            CREATE TABLE app_credentials (
                app_id TEXT NOT NULL REFERENCES apps(id), environment TEXT NOT NULL,
                method TEXT NOT NULL, key_id TEXT, team_id TEXT, pem TEXT NOT NULL,
                endpoint TEXT, ca_file TEXT,
                PRIMARY KEY (app_id, environment)
            );
            CREATE TABLE devices (
                seq \(d.rowKey), id TEXT NOT NULL UNIQUE, app_id TEXT NOT NULL REFERENCES apps(id),
                token TEXT NOT NULL, environment TEXT NOT NULL, user_id TEXT, metadata TEXT NOT NULL,
                created_at \(d.real) NOT NULL, token_registered_at \(d.real) NOT NULL, updated_at \(d.real) NOT NULL,
                invalidated_at \(d.real), invalid_reason TEXT,
                UNIQUE (app_id, token)
            );
            CREATE INDEX devices_user ON devices(app_id, user_id) WHERE user_id IS NOT NULL;
            CREATE TABLE device_interests (
                app_id TEXT NOT NULL, interest TEXT NOT NULL, device_seq \(d.bigInteger) NOT NULL,
                PRIMARY KEY (app_id, interest, device_seq)
            )\(d.withoutRowID);
            CREATE INDEX device_interests_device ON device_interests(device_seq);
            CREATE TABLE publishes (
                seq \(d.rowKey), id TEXT NOT NULL UNIQUE, app_id TEXT NOT NULL REFERENCES apps(id),
                target_kind TEXT NOT NULL, target_keys \(d.json) NOT NULL, payload \(d.bytes) NOT NULL,
                push_type TEXT NOT NULL, priority \(d.integer) NOT NULL, collapse_id TEXT, expiration \(d.real),
                send_at \(d.real), environment TEXT NOT NULL, idempotency_key TEXT,
                status TEXT NOT NULL, created_at \(d.real) NOT NULL, updated_at \(d.real) NOT NULL,
                fanout_key \(d.integer) NOT NULL DEFAULT 0, fanout_seq \(d.bigInteger) NOT NULL DEFAULT 0,
                fanout_done \(d.boolean) NOT NULL DEFAULT \(d.false),
                targeted \(d.bigInteger) NOT NULL DEFAULT 0, sent \(d.bigInteger) NOT NULL DEFAULT 0,
                failed \(d.bigInteger) NOT NULL DEFAULT 0, invalidated \(d.bigInteger) NOT NULL DEFAULT 0,
                delivered \(d.bigInteger) NOT NULL DEFAULT 0, opened \(d.bigInteger) NOT NULL DEFAULT 0,
                UNIQUE (app_id, idempotency_key)
            );
            CREATE INDEX publishes_status ON publishes(status, seq) WHERE status IN ('scheduled', 'queued', 'sending');
            CREATE TABLE publish_failures (
                publish_id TEXT NOT NULL, reason TEXT NOT NULL, count \(d.bigInteger) NOT NULL,
                PRIMARY KEY (publish_id, reason)
            )\(d.withoutRowID);
            CREATE TABLE deliveries (
                seq \(d.rowKey), publish_id TEXT NOT NULL, app_id TEXT NOT NULL,
                device_seq \(d.bigInteger), token TEXT NOT NULL, environment TEXT NOT NULL,
                state \(d.smallInteger) NOT NULL DEFAULT 0, attempts \(d.integer) NOT NULL DEFAULT 0,
                next_at \(d.real) NOT NULL, in_doubt \(d.boolean) NOT NULL DEFAULT \(d.false),
                reason TEXT, apns_id TEXT, updated_at \(d.real) NOT NULL,
                UNIQUE (publish_id, token)
            );
            CREATE INDEX deliveries_due ON deliveries(app_id, next_at) WHERE state = 0;
            CREATE INDEX deliveries_inflight ON deliveries(state) WHERE state = 1;
            CREATE TABLE events (
                publish_id TEXT NOT NULL, device_id TEXT NOT NULL, event TEXT NOT NULL,
                action_id TEXT NOT NULL, at \(d.real) NOT NULL,
                PRIMARY KEY (publish_id, device_id, event, action_id)
            )\(d.withoutRowID);
            """
        },
        Migration(2, "retention: which finished publishes still have per-device rows") { d in
            """
            ALTER TABLE publishes ADD COLUMN pruned \(d.boolean) NOT NULL DEFAULT \(d.false);
            CREATE INDEX publishes_prunable ON publishes(updated_at) WHERE status IN ('done', 'cancelled') AND \(d.isFalse("pruned"));
            """
        },
        // Device keys (hashed; a device registered before has none), the app's user-token
        // secret, the grace period for keyless devices (on for the apps that exist at the
        // upgrade, off for new ones), and receipts held until APNs accepts.
        Migration(3, "trust") { d in
            """
            ALTER TABLE apps ADD COLUMN user_token_secret TEXT;
            ALTER TABLE apps ADD COLUMN legacy_device_access \(d.boolean) NOT NULL DEFAULT \(d.false);
            UPDATE apps SET legacy_device_access = \(d.true);
            ALTER TABLE devices ADD COLUMN key_hash TEXT;
            CREATE UNIQUE INDEX devices_key ON devices(key_hash) WHERE key_hash IS NOT NULL;
            ALTER TABLE events ADD COLUMN counted \(d.boolean) NOT NULL DEFAULT \(d.true);
            CREATE INDEX events_uncounted ON events(publish_id, device_id) WHERE \(d.isFalse("counted"));
            """
        },
        // Each app's devices and interest subscriptions, counted by triggers in the
        // transaction that adds or removes a row, so a quota check reads two numbers instead
        // of counting rows, and every path (API, import, another process) keeps them exact.
        Migration(4, "quotas") { d in
            """
            ALTER TABLE apps ADD COLUMN device_count \(d.bigInteger) NOT NULL DEFAULT 0;
            ALTER TABLE apps ADD COLUMN subscription_count \(d.bigInteger) NOT NULL DEFAULT 0;
            UPDATE apps SET device_count = (SELECT count(*) FROM devices WHERE devices.app_id = apps.id),
                subscription_count = (SELECT count(*) FROM device_interests WHERE device_interests.app_id = apps.id);
            \(rowCounters(d))
            """
        },
        // `PublishFingerprint`; NULL for publishes from before, and for those without a key.
        Migration(5, "the request an idempotency key is bound to") { d in
            """
            ALTER TABLE publishes ADD COLUMN request_fingerprint \(d.json);
            """
        },
        // The processes serving the store, with when each was last seen, and which of them
        // holds each delivery in flight (`GatewayInstance`; SQLite's one process only records them).
        Migration(6, "leases") { d in
            """
            CREATE TABLE gateway_instances (
                id TEXT PRIMARY KEY, host TEXT NOT NULL, pid \(d.integer) NOT NULL,
                started_at \(d.real) NOT NULL, heartbeat_at \(d.real) NOT NULL
            );
            ALTER TABLE deliveries ADD COLUMN lease_owner TEXT;
            \(deliveriesByHolder(d))
            """
        },
        Migration(7, "counters once per statement; the claim's indexes") { d in statementCounters(d) },
        // Each device's push-to-start token per activity type, and the update token of each
        // activity it runs (rotation replaces it), with when it ended.
        Migration(8, "Live Activities") { d in
            """
            CREATE TABLE push_to_start_tokens (
                device_seq \(d.bigInteger) NOT NULL, activity_type TEXT NOT NULL, app_id TEXT NOT NULL,
                token TEXT NOT NULL, updated_at \(d.real) NOT NULL,
                PRIMARY KEY (device_seq, activity_type)
            )\(d.withoutRowID);
            CREATE INDEX push_to_start_tokens_type ON push_to_start_tokens(app_id, activity_type);
            CREATE TABLE activities (
                device_seq \(d.bigInteger) NOT NULL, activity_id TEXT NOT NULL, app_id TEXT NOT NULL,
                activity_type TEXT NOT NULL, token TEXT NOT NULL, created_at \(d.real) NOT NULL,
                updated_at \(d.real) NOT NULL, ended_at \(d.real),
                PRIMARY KEY (device_seq, activity_id)
            )\(d.withoutRowID);
            CREATE INDEX activities_id ON activities(app_id, activity_id);
            """
        },
        // A push-to-start publish keeps the activity type whose push-to-start tokens it goes to.
        Migration(9, "Live Activity publishes") { _ in
            """
            ALTER TABLE publishes ADD COLUMN activity_type TEXT;
            """
        },
        // Each app's channels with APNs' id once made, the state of the operation the engine
        // owes APNs (create, delete) and when it is next due.
        Migration(10, "broadcast channels") { d in
            """
            CREATE TABLE channels (
                seq \(d.rowKey), id TEXT NOT NULL UNIQUE, app_id TEXT NOT NULL REFERENCES apps(id),
                environment TEXT NOT NULL, storage_policy TEXT NOT NULL, apns_channel_id TEXT,
                state TEXT NOT NULL, failure_reason TEXT, attempts \(d.integer) NOT NULL DEFAULT 0, next_at \(d.real) NOT NULL,
                created_at \(d.real) NOT NULL, updated_at \(d.real) NOT NULL
            );
            CREATE INDEX channels_app ON channels(app_id, seq);
            CREATE INDEX channels_due ON channels(next_at) WHERE state IN ('creating', 'deleting');
            """
        },
        Migration(11, "console sessions signed out, until their cookie would have expired") { d in
            """
            CREATE TABLE console_signouts (
                session_id TEXT PRIMARY KEY, app_id TEXT NOT NULL, expires_at \(d.real) NOT NULL
            )\(d.withoutRowID);
            CREATE INDEX console_signouts_expiry ON console_signouts(expires_at);
            """
        },
        // Each publish's counters per second (`PublishTimeline`), filled from the deliveries
        // and receipts already there.
        Migration(12, "publish history") { d in
            """
            CREATE TABLE publish_history (
                publish_id TEXT NOT NULL, second \(d.bigInteger) NOT NULL, series TEXT NOT NULL, count \(d.bigInteger) NOT NULL,
                PRIMARY KEY (publish_id, second, series)
            )\(d.withoutRowID);
            INSERT INTO publish_history (publish_id, second, series, count)
                SELECT publish_id, \(d.wholeSeconds("updated_at")), CASE state WHEN 2 THEN 'sent' WHEN 3 THEN 'failed' ELSE 'invalidated' END,
                    count(*)
                FROM deliveries WHERE state IN (2, 3, 4) GROUP BY 1, 2, 3;
            INSERT INTO publish_history (publish_id, second, series, count)
                SELECT publish_id, \(d.wholeSeconds("at")), event, count(*) FROM events
                WHERE \(d.isTrue("counted")) AND event IN ('delivered', 'opened') GROUP BY 1, 2, 3;
            """
        },
        // Each app's stored receipts (a receipt's app is its publish's), counted by triggers
        // as migration 4's counts are, for the events quota. And an activity id belongs to
        // one device of its app: where devices shared one, the first to register it keeps it
        // and the others' rows go.
        Migration(13, "receipts counted per app; activity ids unique per app") { d in
            """
            ALTER TABLE apps ADD COLUMN event_count \(d.bigInteger) NOT NULL DEFAULT 0;
            UPDATE apps SET event_count = (SELECT count(*) FROM publishes p JOIN events e ON e.publish_id = p.id WHERE p.app_id = apps.id);
            \(eventCounters(d))
            DELETE FROM activities WHERE EXISTS (
                SELECT 1 FROM activities first WHERE first.app_id = activities.app_id AND first.activity_id = activities.activity_id
                AND (first.created_at, first.device_seq) < (activities.created_at, activities.device_seq));
            DROP INDEX activities_id;
            CREATE UNIQUE INDEX activities_id ON activities(app_id, activity_id);
            """
        },
        // Each app's FCM credentials (the service account's JSON text, with its project and
        // client e-mail for lists), and the push service of each device and delivery: every
        // one before this is an APNs one.
        Migration(14, "FCM credentials; devices and deliveries by platform") { _ in
            """
            CREATE TABLE app_fcm_credentials (
                app_id TEXT PRIMARY KEY REFERENCES apps(id), project_id TEXT NOT NULL, client_email TEXT NOT NULL,
                service_account TEXT NOT NULL, endpoint TEXT, ca_file TEXT
            );
            ALTER TABLE devices ADD COLUMN platform TEXT NOT NULL DEFAULT 'apns';
            ALTER TABLE deliveries ADD COLUMN platform TEXT NOT NULL DEFAULT 'apns';
            """
        },
        // What a device says about itself (`DeviceAttributes`), in columns a filter reads
        // through an index: the locale with its language (lower-case primary subtag), the
        // time zone, the app version with a key that sorts as versions do, and the tags as
        // the device sent them (`tags`, what a device answer reads) and one row per tag
        // (`device_tags`, what a filter reads), each value in the column of its type.
        Migration(15, "device attributes") { d in
            """
            ALTER TABLE devices ADD COLUMN locale TEXT;
            ALTER TABLE devices ADD COLUMN language TEXT;
            ALTER TABLE devices ADD COLUMN time_zone TEXT;
            ALTER TABLE devices ADD COLUMN app_version TEXT;
            ALTER TABLE devices ADD COLUMN app_version_key TEXT;
            ALTER TABLE devices ADD COLUMN tags TEXT NOT NULL DEFAULT '{}';
            CREATE INDEX devices_language ON devices(app_id, language, locale) WHERE language IS NOT NULL;
            CREATE INDEX devices_time_zone ON devices(app_id, time_zone) WHERE time_zone IS NOT NULL;
            CREATE INDEX devices_app_version ON devices(app_id, app_version_key) WHERE app_version_key IS NOT NULL;
            CREATE TABLE device_tags (
                device_seq \(d.bigInteger) NOT NULL, name TEXT NOT NULL, app_id TEXT NOT NULL,
                value_text TEXT, value_number \(d.real), value_bool \(d.boolean),
                PRIMARY KEY (device_seq, name)
            )\(d.withoutRowID);
            CREATE INDEX device_tags_text ON device_tags(app_id, name, value_text, device_seq) WHERE value_text IS NOT NULL;
            CREATE INDEX device_tags_number ON device_tags(app_id, name, value_number, device_seq) WHERE value_number IS NOT NULL;
            CREATE INDEX device_tags_bool ON device_tags(app_id, name, value_bool, device_seq) WHERE value_bool IS NOT NULL;
            """
        },
        // A publish's audience filter (`AudienceFilter`, its JSON), which fan-out applies; and
        // the app's devices in seq order, the pages of a filter sent to the whole app.
        Migration(16, "publish filters") { _ in
            """
            ALTER TABLE publishes ADD COLUMN audience_filter TEXT;
            CREATE INDEX devices_app ON devices(app_id, seq) WHERE invalidated_at IS NULL;
            """
        },
        // A publish's frequency cap (`FrequencyCap`) and its deliveries finished as capped; and
        // each device's capped publishes that reached it (claimed or sent), by time, which the
        // claim counts within a cap's window and prunes past the largest window.
        Migration(17, "frequency caps") { d in
            """
            ALTER TABLE publishes ADD COLUMN cap_max \(d.integer);
            ALTER TABLE publishes ADD COLUMN cap_window \(d.integer);
            ALTER TABLE publishes ADD COLUMN capped \(d.bigInteger) NOT NULL DEFAULT 0;
            CREATE TABLE capped_sends (
                device_seq \(d.bigInteger) NOT NULL, publish_id TEXT NOT NULL, at \(d.real) NOT NULL,
                PRIMARY KEY (device_seq, publish_id)
            )\(d.withoutRowID);
            CREATE INDEX capped_sends_device ON capped_sends(device_seq, at);
            CREATE INDEX capped_sends_age ON capped_sends(at);
            """
        },
        // A publish's texts by language (`LocalizedVariants`): each variant's whole payload,
        // with its tag's language for fan-out's match; and the variant each delivery got
        // (NULL for the default text), which its claim sends and statistics count.
        Migration(18, "publish variants by language") { d in
            """
            CREATE TABLE publish_variants (
                publish_id TEXT NOT NULL, tag TEXT NOT NULL, language TEXT NOT NULL, payload \(d.bytes) NOT NULL,
                PRIMARY KEY (publish_id, tag)
            )\(d.withoutRowID);
            ALTER TABLE deliveries ADD COLUMN variant TEXT;
            """
        },
        // The server-kept inbox (`InboxStore`): each message's content once per app (a
        // publish's with the limit its fan-out applies), and one entry per inbox that holds
        // it (`owner`: `user:<id>` or a device id) whose `seq` is renewed at every change;
        // and the background sync publish pending for an inbox (one scheduled at a time).
        Migration(19, "inbox") { d in
            """
            CREATE TABLE inbox_messages (
                app_id TEXT NOT NULL, id TEXT NOT NULL, title TEXT, body TEXT, link TEXT, data TEXT,
                created_at \(d.real) NOT NULL, expires_at \(d.real), owner_limit \(d.bigInteger),
                PRIMARY KEY (app_id, id)
            )\(d.withoutRowID);
            CREATE INDEX inbox_messages_age ON inbox_messages(created_at);
            CREATE INDEX inbox_messages_expiry ON inbox_messages(expires_at) WHERE expires_at IS NOT NULL;
            CREATE TABLE inbox_entries (
                seq \(d.increasingRowKey), app_id TEXT NOT NULL, owner TEXT NOT NULL, message_id TEXT NOT NULL,
                is_read \(d.boolean) NOT NULL DEFAULT \(d.false), is_deleted \(d.boolean) NOT NULL DEFAULT \(d.false),
                UNIQUE (app_id, message_id, owner)
            );
            CREATE INDEX inbox_entries_seq ON inbox_entries(app_id, owner, seq);
            ALTER TABLE publishes ADD COLUMN inbox_sync TEXT;
            CREATE UNIQUE INDEX publishes_inbox_sync ON publishes(app_id, inbox_sync) WHERE status = 'scheduled' AND inbox_sync IS NOT NULL;
            """
        },
        // Publishes sent at a local time in each device's zone (`LocalSendTime`), each
        // delivery's own instant (its expiry counts from it), and the app's default zone for
        // devices without one.
        Migration(20, "local time") { d in
            """
            ALTER TABLE publishes ADD COLUMN local_time TEXT;
            ALTER TABLE publishes ADD COLUMN local_date TEXT;
            ALTER TABLE deliveries ADD COLUMN due_at \(d.real);
            ALTER TABLE apps ADD COLUMN default_time_zone TEXT;
            """
        },
        // A publish's counters by platform and by variant (`SplitStatements`), kept as its
        // deliveries change state instead of counted from them at each read; filled from
        // the deliveries there are.
        Migration(21, "publish splits") { d in
            """
            CREATE TABLE publish_splits (
                publish_id TEXT NOT NULL, platform TEXT NOT NULL, variant TEXT NOT NULL,
                targeted \(d.bigInteger) NOT NULL, sent \(d.bigInteger) NOT NULL, failed \(d.bigInteger) NOT NULL,
                invalidated \(d.bigInteger) NOT NULL, capped \(d.bigInteger) NOT NULL,
                PRIMARY KEY (publish_id, platform, variant)
            )\(d.withoutRowID);
            \(SplitStatements.addTargeted(from: "deliveries WHERE true"));
            """
        },
        // A delivery is unique by publish and device (fan-out visits devices in seq order,
        // so its inserts grow the index at its end), by publish and token only without a
        // device (raw tokens, channels): random tokens put every insert on a random page of
        // a (publish, token) index, a cost that grew with the publish. A device with two
        // deliveries of one publish from before (its token changed mid fan-out) keeps the
        // first by device, the others by token.
        Migration(22, "deliveries keyed by device") { d in
            """
            \(deliveriesWithoutTokenKey(d))
            UPDATE deliveries SET device_seq = NULL WHERE device_seq IS NOT NULL AND seq NOT IN
                (SELECT min(seq) FROM deliveries WHERE device_seq IS NOT NULL GROUP BY publish_id, device_seq);
            CREATE UNIQUE INDEX deliveries_device ON deliveries(publish_id, device_seq);
            CREATE UNIQUE INDEX deliveries_raw_token ON deliveries(publish_id, token) WHERE device_seq IS NULL;
            """
        },
        // Why a publish's fan-out was stopped before its end (steps that kept failing); the
        // device whose read or delete scheduled an inbox sync publish (it is not sent one);
        // a cancel asked while a fan-out step held the publish's row, applied by the next step
        // (no foreign key: a key check would wait for that row's lock).
        Migration(23, "fan-out errors, inbox sync origins and cancels") { d in
            """
            ALTER TABLE publishes ADD COLUMN fanout_error TEXT;
            ALTER TABLE publishes ADD COLUMN inbox_origin TEXT;
            CREATE TABLE publish_cancels (publish_id TEXT PRIMARY KEY, app_id TEXT NOT NULL, requested_at \(d.real) NOT NULL);
            """
        },
        // The event log a team's systems read (the feed, webhooks) and the webhook endpoints
        // with their cursors into it and their recent attempts (EventLogSchemaStatements).
        Migration(24, "events out") { d in eventsOut(d) },
        // Scoped server keys, the audit log, and the people who sign in to the console with
        // their roles per app (TeamsSchemaStatements).
        Migration(25, "teams") { d in teams(d) },
        // Each delivery's attempts and the devices deleted, for explanations (ExplainSchemaStatements).
        Migration(26, "explanations") { d in explanations(d) },
        Migration(27, "receipt facts") { d in receiptFacts(d) },
        // The routes held back, for every process's publish status (RoutePauseStatements).
        Migration(28, "route pauses") { d in routePauses(d) },
    ]
}
