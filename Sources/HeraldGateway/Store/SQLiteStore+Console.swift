extension SQLiteStore {
    public func publishes(appID: String, limit: Int) throws -> [PublishRecord] {
        try locked { db in try Self.loadPublishes(db, "WHERE app_id = ? ORDER BY seq DESC LIMIT ?", [.text(appID), .int(limit)]) }
    }

    public func devices(appID: String, matching lookup: DeviceLookup, limit: Int) throws -> [DeviceRecord] {
        let condition: String
        let value: String
        switch lookup {
        case .token(let token):
            (condition, value) = ("WHERE d.app_id = ? AND d.token = ? LIMIT ?", token.lowercased())
        case .deviceID(let id):
            (condition, value) = ("WHERE d.app_id = ? AND d.id = ? LIMIT ?", id)
        case .user(let user):
            (condition, value) = ("WHERE d.app_id = ? AND d.user_id = ? ORDER BY d.seq LIMIT ?", user)
        case .interest(let interest):
            condition = """
                JOIN device_interests i ON i.device_seq = d.seq
                WHERE i.app_id = ? AND i.interest = ? ORDER BY i.device_seq LIMIT ?
                """
            value = interest
        }
        return try locked { db in try Self.loadDevices(db, condition, [.text(appID), .text(value), .int(limit)]) }
    }

    public func failedDeliveries(appID: String, publishID: String, limit: Int) throws -> [DeliveryTrace] {
        try locked { db in
            try db.query(
                """
                SELECT d.publish_id, v.id, d.token, d.state, d.reason, d.updated_at FROM deliveries d LEFT JOIN devices v ON v.seq = d.device_seq
                WHERE d.publish_id = ? AND d.app_id = ? AND d.state IN (\(DeliveryTrace.failedStates)) ORDER BY d.seq LIMIT ?
                """, [.text(publishID), .text(appID), .int(limit)], Self.outcomeRow)
        }
    }

    public func deliveries(appID: String, deviceID: String, limit: Int) throws -> [DeliveryTrace] {
        try locked { db in
            try db.query(
                """
                SELECT d.publish_id, v.id, d.token, d.state, d.reason, d.updated_at
                FROM (SELECT id, seq FROM publishes WHERE app_id = ? ORDER BY seq DESC LIMIT ?) p
                JOIN devices v ON v.app_id = ? AND v.id = ?
                JOIN deliveries d ON d.publish_id = p.id AND d.token = v.token
                ORDER BY p.seq DESC LIMIT ?
                """, [.text(appID), .int(deviceDeliveriesPublishWindow), .text(appID), .text(deviceID), .int(limit)], Self.outcomeRow)
        }
    }

    public func endConsoleSession(appID: String, id: String, expiresAt: Double, now: Double) throws {
        try write { db in
            try db.run("DELETE FROM console_signouts WHERE expires_at <= ?", [.double(now)])
            try db.run(
                "INSERT OR IGNORE INTO console_signouts (session_id, app_id, expires_at) VALUES (?, ?, ?)",
                [.text(id), .text(appID), .double(expiresAt)])
        }
    }

    public func consoleSessionEnded(id: String) throws -> Bool {
        try locked { db in try db.scalar("SELECT 1 FROM console_signouts WHERE session_id = ?", [.text(id)]) != nil }
    }

    private static func outcomeRow(_ row: Statement) -> DeliveryTrace {
        DeliveryTrace(
            publishID: row.text(0), deviceID: row.optionalText(1), token: row.text(2), state: DeliveryTrace.stateName(row.int(3)),
            reason: row.optionalText(4), updatedAt: row.double(5))
    }
}
