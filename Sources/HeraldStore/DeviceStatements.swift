/// The statements of devices and their quota, written once for both stores and rendered
/// for each database once.
enum DeviceStatements {
    /// The columns `SQLStore.loadDevices` reads, up to FROM devices d (a condition follows),
    /// and the condition of one device.
    static let devices = SQLStatement { d in
        """
        SELECT d.id, d.app_id, d.token, d.environment, d.user_id, d.metadata, d.created_at, d.token_registered_at,
        d.invalidated_at, d.invalid_reason,
        \(interests(d)), d.platform, d.locale, d.time_zone, d.app_version, d.tags
        FROM devices d\u{20}
        """
    }
    static let byID = SQLStatement("WHERE d.app_id = ? AND d.id = ?")
    /// A device's seq, and the same with its row locked for the transaction (PostgreSQL).
    static let deviceSeq = SQLStatement("SELECT seq FROM devices WHERE app_id = ? AND id = ?")
    static let lockDevice = SQLStatement { d in "SELECT seq FROM devices WHERE app_id = ? AND id = ?\(d.forUpdate)" }
    /// A token's device (its row locked for the transaction on PostgreSQL), and the same
    /// device registering it again: a key it did not prove it holds is replaced, its user
    /// set when the registration names one (`?5`), and its platform the registration's.
    static let byToken = SQLStatement { d in "SELECT seq, id, key_hash FROM devices WHERE app_id = ? AND token = ?\(d.forUpdate)" }
    static let reRegister = SQLStatement(
        """
        UPDATE devices SET environment = ?1, metadata = coalesce(?2, metadata), token_registered_at = ?3, updated_at = ?3,
        invalidated_at = NULL, invalid_reason = NULL, key_hash = coalesce(?4, key_hash),
        user_id = CASE WHEN ?5 THEN ?6 ELSE user_id END, platform = ?8 WHERE seq = ?7
        """)
    /// An advisory lock on one user of an app.
    static let lockUser = PostgresLock("SELECT pg_advisory_xact_lock(1, hashtext(?))")
    static let idByKey = SQLStatement("SELECT id FROM devices WHERE key_hash = ? AND app_id = ?")
    static let keyState = SQLStatement("SELECT key_hash IS NOT NULL FROM devices WHERE app_id = ? AND id = ?")
    static let keylessCount = SQLStatement("SELECT count(*) FROM devices WHERE app_id = ? AND key_hash IS NULL")
    /// A device registering its token for the first time (`?7` its creation, registration
    /// and update time). PostgreSQL's adds nothing when another process has registered the
    /// token since the lookup, and returns the new seq; SQLite's one writer has looked the
    /// token up first.
    static let insert = SQLStatement { d in
        """
        INSERT INTO devices (id, app_id, token, environment, user_id, metadata, created_at, token_registered_at, updated_at,
        key_hash, platform) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?7, ?8, ?9)
        """ + (d == .postgres ? " ON CONFLICT (app_id, token) DO NOTHING RETURNING seq" : "")
    }
    static let touch = SQLStatement("UPDATE devices SET updated_at = ? WHERE seq = ?")
    static let setUser = SQLStatement("UPDATE devices SET user_id = ?, updated_at = ? WHERE seq = ?")
    static let deleteInterests = SQLStatement("DELETE FROM device_interests WHERE device_seq = ?")
    /// Sets the attributes a change names (`?1`, `?4`, `?6`: whether it names the locale,
    /// time zone, app version) with their derived columns, and the tags' JSON when given.
    static let setAttributes = SQLStatement(
        """
        UPDATE devices SET locale = CASE WHEN ?1 THEN ?2 ELSE locale END, language = CASE WHEN ?1 THEN ?3 ELSE language END,
        time_zone = CASE WHEN ?4 THEN ?5 ELSE time_zone END, app_version = CASE WHEN ?6 THEN ?7 ELSE app_version END,
        app_version_key = CASE WHEN ?6 THEN ?8 ELSE app_version_key END, tags = coalesce(?9, tags), updated_at = ?10 WHERE seq = ?11
        """)
    /// A device's tags as JSON, its tag rows' deletion, and one tag row.
    static let tags = SQLStatement("SELECT tags FROM devices WHERE seq = ?")
    static let deleteTags = SQLStatement("DELETE FROM device_tags WHERE device_seq = ?")
    static let insertTag = SQLStatement(
        "INSERT INTO device_tags (device_seq, name, app_id, value_text, value_number, value_bool) VALUES (?, ?, ?, ?, ?, ?)")
    static let delete = SQLStatement("DELETE FROM devices WHERE seq = ?")
    /// The user's devices but one.
    static let userCount = SQLStatement("SELECT count(*) FROM devices WHERE app_id = ? AND user_id = ? AND seq <> ?")
    /// The app's counts (kept by triggers), and the same with the app's row locked.
    static let usage = SQLStatement("SELECT device_count, subscription_count FROM apps WHERE id = ?")
    static let usageForUpdate = SQLStatement { d in "SELECT device_count, subscription_count FROM apps WHERE id = ?\(d.forUpdate)" }
    /// How many interests a device has.
    static let interestCount = SQLStatement("SELECT count(*) FROM device_interests WHERE device_seq = ?")
    /// For a delivery: its publish's target kind and its token.
    static let deliveryTarget = SQLStatement(
        "SELECT p.target_kind, d.token FROM deliveries d JOIN publishes p ON p.id = d.publish_id WHERE d.seq = ?")
    /// A Live Activity token's time (its row locked), and its deletion, by table.
    static let activityTokenSetAt = Dictionary(
        uniqueKeysWithValues: ActivityTokenTable.allCases.map { table in
            (table, SQLStatement { d in "SELECT updated_at FROM \(table.rawValue) WHERE device_seq = ? AND token = ?\(d.forUpdate)" })
        })
    static let deleteActivityToken = Dictionary(
        uniqueKeysWithValues: ActivityTokenTable.allCases.map { table in
            (table, SQLStatement("DELETE FROM \(table.rawValue) WHERE device_seq = ? AND token = ?"))
        })

    /// The interests as a JSON array sorted bytewise ([] for none): SQLite aggregates a
    /// sorted subquery, PostgreSQL orders inside the aggregate.
    private static func interests(_ d: SQLDialect) -> String {
        d == .sqlite
            ? "(SELECT json_group_array(interest) FROM (SELECT interest FROM device_interests WHERE device_seq = d.seq ORDER BY interest))"
            : "coalesce((SELECT json_agg(interest ORDER BY interest COLLATE \"C\") FROM device_interests WHERE device_seq = d.seq), '[]')"
    }
}
