/// The statements of fan-out and of a publish's counters, written once for both stores
/// (`?` and `?N` placeholders) and rendered for each database once.
enum FanOutStatements {
    /// The oldest queued or sending publish whose fan-out is not finished of the first app
    /// after `?` (by id, wrapping around: apps take turns), whether it has texts by
    /// language, its inbox message's limit (nil: it keeps none), and its app's rate limit
    /// (nil: none).
    static let nextPublish = SQLStatement { d in
        """
        SELECT id, app_id, target_kind, target_keys, fanout_key, fanout_seq, environment, activity_type, audience_filter,
        EXISTS (SELECT 1 FROM publish_variants v WHERE v.publish_id = publishes.id),
        (SELECT owner_limit FROM inbox_messages m WHERE m.app_id = publishes.app_id AND m.id = publishes.id),
        local_time, local_date, (SELECT rate_limit FROM apps a WHERE a.id = publishes.app_id) FROM publishes
        WHERE status IN ('queued', 'sending') AND \(d.isFalse("fanout_done"))
        ORDER BY CASE WHEN app_id > ?1 THEN 0 ELSE 1 END, app_id, seq LIMIT 1\(d.forUpdateSkipLocked)
        """
    }
    /// A publish's fan-out ended where it stands, with the reason kept (`?1`).
    static let stopFanOut = SQLStatement { d in
        """
        UPDATE publishes SET fanout_done = \(d.true), fanout_error = ?1, updated_at = ?2
        WHERE id = ?3 AND status IN ('queued', 'sending') AND \(d.isFalse("fanout_done"))
        """
    }
    /// Whether an app has a delivery waiting that is due (`FanOutClaim`: those go first).
    static let dueWaiting = SQLStatement("SELECT 1 FROM deliveries WHERE app_id = ? AND state = 0 AND next_at <= ? LIMIT 1")
    /// A publish's cursor and counters after a step.
    static let saveCursor = SQLStatement(
        """
        UPDATE publishes SET fanout_key = ?, fanout_seq = ?, fanout_done = ?, targeted = targeted + ?, status = 'sending',
        updated_at = ? WHERE id = ?
        """)
    /// A publish done once its fan-out finished and every delivery is final.
    static let finishIfComplete = SQLStatement { d in
        """
        UPDATE publishes SET status = 'done', updated_at = ? WHERE id = ? AND status = 'sending' AND \(d.isTrue("fanout_done"))
        AND targeted = sent + failed + invalidated + capped
        """
    }
    /// One delivery to one target (with its device's platform and the publish's variant
    /// for its locale), nothing when the publish has one for that device (for that token
    /// when the target has no device).
    static let insertDelivery = SQLStatement { d in
        d.insertOrIgnore(
            """
            deliveries (publish_id, app_id, device_seq, token, environment, next_at, updated_at, state, reason, platform, due_at, variant)
            VALUES (?1, ?2, ?3, ?4, ?5, ?10, ?6, ?7, ?8, ?9, ?11, \(Self.variantMatch(publish: "?1", deviceSeq: "?3", d)))
            """)
    }
    /// Targets by key: columns seq, token, environment, dead (bool), reason, platform (a Live
    /// Activity's tokens are APNs'), time zone.
    static let deviceTargets = SQLStatement(
        """
        SELECT seq, token, environment, invalidated_at IS NOT NULL, invalid_reason, platform, time_zone FROM devices
        WHERE app_id = ? AND id = ? AND invalidated_at IS NULL
        """)
    static let activityTargets = SQLStatement { d in
        """
        SELECT d.seq, a.token, d.environment, \(d.false), CAST(NULL AS TEXT), 'apns', d.time_zone FROM activities a JOIN devices d ON d.seq = a.device_seq
        WHERE a.app_id = ? AND a.activity_id = ? AND a.ended_at IS NULL AND d.invalidated_at IS NULL ORDER BY d.seq
        """
    }
    static let tokenTargets = SQLStatement(
        """
        SELECT seq, token, environment, invalidated_at IS NOT NULL, coalesce(invalid_reason, 'Unregistered'), platform,
        time_zone FROM devices WHERE app_id = ? AND token = ?
        """)
    static let pushToStartTargets = SQLStatement { d in
        """
        SELECT d.seq, p.token, d.environment, \(d.false), CAST(NULL AS TEXT), 'apns', d.time_zone FROM devices d
        JOIN push_to_start_tokens p ON p.device_seq = d.seq AND p.activity_type = ?3
        WHERE d.app_id = ?1 AND d.id = ?2 AND d.invalidated_at IS NULL
        """
    }
    /// The time zones of an app's devices, and its default zone (a local-time publish).
    static let timeZones = SQLStatement("SELECT DISTINCT time_zone FROM devices WHERE app_id = ? AND time_zone IS NOT NULL")
    static let defaultTimeZone = SQLStatement("SELECT default_time_zone FROM apps WHERE id = ?")
    /// A channel's id and environment.
    static let channelTarget = SQLStatement("SELECT id, environment FROM channels WHERE app_id = ? AND id = ?")
    /// Adds to one counter of a publish, by series.
    static let addToCounter = Dictionary(
        uniqueKeysWithValues: PublishTimeline.Series.allCases.map { series in
            (series, SQLStatement("UPDATE publishes SET \(series.rawValue) = \(series.rawValue) + ? WHERE id = ?"))
        })
    /// Adds to the publish's history of a series in one second.
    static let addToHistory = SQLStatement(
        """
        INSERT INTO publish_history (publish_id, second, series, count) VALUES (?, ?, ?, ?)
        ON CONFLICT (publish_id, second, series) DO UPDATE SET count = publish_history.count + excluded.count
        """)
    /// Counts failures of a publish by reason.
    static let countFailure = SQLStatement(
        """
        INSERT INTO publish_failures (publish_id, reason, count) VALUES (?, ?, ?)
        ON CONFLICT (publish_id, reason) DO UPDATE SET count = publish_failures.count + excluded.count
        """)
    /// A publish's start (created_at, send_at), and its history.
    static let timelineStart = SQLStatement("SELECT created_at, send_at FROM publishes WHERE app_id = ? AND id = ?")
    static let timelineHistory = SQLStatement("SELECT second, series, count FROM publish_history WHERE publish_id = ?")

    /// `LocalizedVariants.bestMatch` in SQL, for fan-out: the tag the device of `devices`
    /// row `d` gets among the variants of publish `publish` (a placeholder), NULL for the
    /// default text: the least of the variants of its language, each ranked by a digit
    /// before its tag (SQLite's subqueries cannot order by the outer row's columns).
    /// `deviceSeq` (a placeholder) names the device when `d` is not in the statement.
    static func variantMatch(publish: String, deviceSeq: String? = nil, _ dialect: SQLDialect) -> String {
        let join = deviceSeq.map { " JOIN devices d ON d.seq = \($0)" } ?? ""
        let ranked = "(CASE WHEN v.tag = d.locale THEN '0' WHEN v.tag = v.language THEN '1' ELSE '2' END || v.tag)"
        return """
            (SELECT substr(min(\(dialect.binaryOrder(ranked))), 2) FROM publish_variants v\(join)
            WHERE v.publish_id = \(publish) AND v.language = d.language)
            """
    }
}
