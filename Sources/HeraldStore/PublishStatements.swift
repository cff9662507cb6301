/// The statements of publishes and receipts shared by both stores, rendered for each
/// database once. (Counting held receipts differs: see the stores.)
enum PublishStatements {
    /// A new publish (`?15` its creation and update time). PostgreSQL's adds nothing when
    /// another process has inserted a publish with the same idempotency key since the
    /// lookup; SQLite's one writer has checked the key first.
    static let insert = SQLStatement { d in
        """
        INSERT INTO publishes (id, app_id, target_kind, target_keys, payload, push_type, priority, collapse_id, expiration,
        send_at, environment, idempotency_key, request_fingerprint, status, created_at, updated_at, activity_type, audience_filter,
        cap_max, cap_window, local_time, local_date)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?15, ?16, ?17, ?18, ?19, ?20, ?21)
        """ + (d == .postgres ? " ON CONFLICT (app_id, idempotency_key) DO NOTHING" : "")
    }
    /// The columns `SQLStore.loadPublishes` reads, up to FROM publishes p (a condition
    /// follows), and the condition of one publish.
    static let publishes = SQLStatement { d in
        """
        SELECT id, app_id, target_kind, target_keys, payload, push_type, priority, collapse_id, expiration, send_at, environment,
        status, created_at, targeted, sent, failed, invalidated, delivered, opened, activity_type, audience_filter,
        (SELECT \(d == .sqlite ? "json_group_object(reason, count)" : "json_object_agg(reason, count)") FROM publish_failures
        WHERE publish_id = p.id), capped, cap_max, cap_window, local_time, local_date, fanout_error
        FROM publishes p\u{20}
        """
    }
    static let byID = SQLStatement("WHERE app_id = ? AND id = ?")
    static let promoteDue = SQLStatement(
        "UPDATE publishes SET status = 'queued', updated_at = ?1 WHERE status = 'scheduled' AND send_at <= ?1")
    /// The publish an idempotency key names, and its fingerprint.
    static let keyed = SQLStatement("SELECT id, request_fingerprint FROM publishes WHERE app_id = ? AND idempotency_key = ?")
    /// Whether a publish can still be cancelled: its status, whether its fan-out has
    /// started and whether it is sent at a local time (locked on PostgreSQL, as a fan-out
    /// step locks it), the cancel, and a local-time publish's deliveries still waiting
    /// finished as failed (`Cancelled`).
    static let cancellable = SQLStatement { d in
        "SELECT status FROM publishes WHERE app_id = ? AND id = ?" + d.forUpdateSkipLocked
    }
    /// A cancel asked while a fan-out step holds the publish's row (`?1` the publish, `?2`
    /// its app, `?3` when), and the next step's look for it.
    static let requestCancel = SQLStatement { d in
        d.insertOrIgnore("publish_cancels (publish_id, app_id, requested_at) VALUES (?1, ?2, ?3)")
    }
    static let cancelRequested = SQLStatement("SELECT 1 FROM publish_cancels WHERE publish_id = ?")
    static let cancelDone = SQLStatement("DELETE FROM publish_cancels WHERE publish_id = ?")
    static let cancelWaiting = SQLStatement(
        "UPDATE deliveries SET state = \(DeliveryState.failed.rawValue), reason = ?, updated_at = ? WHERE publish_id = ? AND state = 0 RETURNING seq")
    static let cancel = SQLStatement("UPDATE publishes SET status = 'cancelled', updated_at = ? WHERE id = ?")
    /// The app's receipts, kept by migration 13's triggers.
    static let eventCount = SQLStatement("SELECT event_count FROM apps WHERE id = ?")
    static let publishExists = SQLStatement("SELECT 1 FROM publishes WHERE app_id = ? AND id = ?")
    /// A receipt's delivery: its state and time (share-locked on PostgreSQL, see `recordEvents`).
    static let eventDelivery = SQLStatement { d in
        """
        SELECT d.state, d.updated_at FROM devices v JOIN deliveries d ON d.publish_id = ? AND d.device_seq = v.seq
        WHERE v.app_id = ? AND v.id = ?\(d == .postgres ? " FOR SHARE OF d" : "")
        """
    }
    static let insertEvent = SQLStatement { d in
        d.insertOrIgnore("events (publish_id, device_id, event, action_id, at, counted, facts) VALUES (?, ?, ?, ?, ?, ?, ?)")
    }
    /// One text by language of a publish (`LocalizedVariants`).
    static let insertVariant = SQLStatement("INSERT INTO publish_variants (publish_id, tag, language, payload) VALUES (?, ?, ?, ?)")
    /// A local-time publish's deliveries by their device's zone ('' for none): due, targeted, sent, waiting.
    static let zoneCounts = SQLStatement(
        """
        SELECT coalesce(v.time_zone, ''), min(d.due_at), count(*), sum(CASE WHEN d.state = 2 THEN 1 ELSE 0 END),
        sum(CASE WHEN d.state IN (0, 1) THEN 1 ELSE 0 END) FROM deliveries d LEFT JOIN devices v ON v.seq = d.device_seq
        WHERE d.publish_id = ? GROUP BY coalesce(v.time_zone, '')
        """)
    static let actionCount = SQLStatement("SELECT count(*) FROM events WHERE publish_id = ? AND device_id = ? AND event = 'action'")
}
