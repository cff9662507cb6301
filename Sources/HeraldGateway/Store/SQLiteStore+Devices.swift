import HeraldCore

extension SQLiteStore {
    public func registerDevice(appID: String, _ registration: DeviceRegistration, quota: DeviceQuota, now: Double) throws
        -> RegisteredDevice
    {
        try write { db in try Self.register(db, appID: appID, registration, quota: quota, now: now) }
    }

    public func importDevices(appID: String, _ registrations: [DeviceRegistration], quota: DeviceQuota, now: Double) throws
        -> Int
    {
        try write { db in
            try registrations.reduce(0) { created, registration in
                created + (try Self.register(db, appID: appID, registration, quota: quota, now: now).created ? 1 : 0)
            }
        }
    }

    private static func register(_ db: SQLiteConnection, appID: String, _ registration: DeviceRegistration, quota: DeviceQuota, now: Double)
        throws -> RegisteredDevice
    {
        do {
            let existing = try db.query(
                "SELECT seq, id, key_hash FROM devices WHERE app_id = ? AND token = ?", [.text(appID), .text(registration.token)]
            ) {
                ($0.int(0), $0.string(1), $0.optionalString(2))
            }.first
            try checkQuota(db, appID: appID, seq: existing?.0, interests: registration.interests.map(Set.init), quota: quota)
            if let userID = registration.userID, let userID {
                try checkUserLimit(db, appID: appID, userID: userID, excluding: existing?.0)
            }
            let metadata = registration.metadata.map { JSONWriter.serialize($0) }
            let seq: Int
            let id: String
            var keyIssued = false
            if let existing {
                (seq, id) = (existing.0, existing.1)
                // The caller proved it holds the device's key: keep it. Otherwise the new key
                // replaces the old one (a reinstall lost it): holding the token is the proof.
                var kept = false
                if let stored = existing.2, let presented = registration.presentedKeyHash { kept = APIKey.equalHashes(presented, stored) }
                if let newKeyHash = registration.newKeyHash, !kept {
                    try db.execute("UPDATE devices SET key_hash = ? WHERE seq = ?", [.text(newKeyHash), .int(seq)])
                    keyIssued = true
                }
                try db.execute(
                    """
                    UPDATE devices SET environment = ?, metadata = coalesce(?, metadata), token_registered_at = ?, updated_at = ?,
                    invalidated_at = NULL, invalid_reason = NULL WHERE seq = ?
                    """, [.text(registration.environment.rawValue), .optional(metadata), .double(now), .double(now), .int(seq)])
                if let userID = registration.userID {
                    try db.execute("UPDATE devices SET user_id = ? WHERE seq = ?", [.optional(userID), .int(seq)])
                }
            } else {
                id = Identifier.make("dev_")
                try db.execute(
                    """
                    INSERT INTO devices (id, app_id, token, environment, user_id, metadata, created_at, token_registered_at, updated_at,
                    key_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        .text(id), .text(appID), .text(registration.token), .text(registration.environment.rawValue),
                        .optional(registration.userID ?? nil), .text(metadata ?? "{}"), .double(now), .double(now), .double(now),
                        .optional(registration.newKeyHash),
                    ])
                seq = try db.scalar("SELECT last_insert_rowid()") ?? 0
                keyIssued = registration.newKeyHash != nil
            }
            if let interests = registration.interests {
                try replaceInterests(db, appID: appID, seq: seq, Set(interests), new: existing == nil)
            }
            return RegisteredDevice(id: id, created: existing == nil, keyIssued: keyIssued)
        }
    }

    public func device(appID: String, id: String) throws -> DeviceRecord? {
        try locked { db in try Self.loadDevices(db, "WHERE d.app_id = ? AND d.id = ?", [.text(appID), .text(id)]).first }
    }

    /// The devices `condition` selects (after FROM devices d), with their interests sorted
    /// bytewise, in one statement.
    static func loadDevices(_ db: SQLiteConnection, _ condition: String, _ values: [SQLValue]) throws -> [DeviceRecord] {
        try db.query(
            """
            SELECT d.id, d.app_id, d.token, d.environment, d.user_id, d.metadata, d.created_at, d.token_registered_at,
            d.invalidated_at, d.invalid_reason,
            (SELECT json_group_array(interest) FROM (SELECT interest FROM device_interests WHERE device_seq = d.seq ORDER BY interest))
            FROM devices d \(condition)
            """, values
        ) { row in
            DeviceRecord(
                id: row.string(0), appID: row.string(1), token: row.string(2), environment: APNsEnvironment(rawValue: row.string(3)) ?? .production,
                interests: ((try? JSONParser().parse(row.string(10)))?.arrayValue ?? []).compactMap(\.stringValue),
                userID: row.optionalString(4), metadata: (try? JSONParser().parse(row.string(5))) ?? .object([:]),
                createdAt: row.double(6), tokenRegisteredAt: row.double(7), invalidatedAt: row.optionalDouble(8),
                invalidReason: row.optionalString(9))
        }
    }

    public func deviceID(appID: String, keyHash: String) throws -> String? {
        try locked { db in
            try db.query("SELECT id FROM devices WHERE key_hash = ? AND app_id = ?", [.text(keyHash), .text(appID)]) { $0.string(0) }.first
        }
    }

    public func deviceKeyState(appID: String, id: String) throws -> DeviceKeyState {
        try locked { db in
            guard
                let keyed = try db.query(
                    "SELECT key_hash IS NOT NULL FROM devices WHERE app_id = ? AND id = ?", [.text(appID), .text(id)], { $0.int(0) }
                ).first
            else { return .missing }
            return keyed != 0 ? .keyed : .keyless
        }
    }

    public func keylessDeviceCount(appID: String) throws -> Int {
        try locked { db in try db.scalar("SELECT count(*) FROM devices WHERE app_id = ? AND key_hash IS NULL", [.text(appID)]) ?? 0 }
    }

    public func setInterests(appID: String, deviceID: String, _ interests: [String], quota: DeviceQuota, now: Double) throws -> Bool {
        try write { db in
            guard let seq = try Self.deviceSeq(db, appID: appID, id: deviceID) else { return false }
            try Self.checkQuota(db, appID: appID, seq: seq, interests: Set(interests), quota: quota)
            try Self.replaceInterests(db, appID: appID, seq: seq, Set(interests), new: false)
            try db.execute("UPDATE devices SET updated_at = ? WHERE seq = ?", [.double(now), .int(seq)])
            return true
        }
    }

    public func setUser(appID: String, deviceID: String, _ userID: String?, now: Double) throws -> Bool {
        try write { db in
            guard let seq = try Self.deviceSeq(db, appID: appID, id: deviceID) else { return false }
            if let userID { try Self.checkUserLimit(db, appID: appID, userID: userID, excluding: seq) }
            try db.execute("UPDATE devices SET user_id = ?, updated_at = ? WHERE seq = ?", [.optional(userID), .double(now), .int(seq)])
            return true
        }
    }

    public func deleteDevice(appID: String, deviceID: String) throws -> Bool {
        try write { db in
            guard let seq = try Self.deviceSeq(db, appID: appID, id: deviceID) else { return false }
            try db.execute("DELETE FROM device_interests WHERE device_seq = ?", [.int(seq)])
            try Self.deleteActivities(db, seq: seq)
            try db.execute("DELETE FROM devices WHERE seq = ?", [.int(seq)])
            return true
        }
    }

    static func deviceSeq(_ db: SQLiteConnection, appID: String, id: String) throws -> Int? {
        try db.scalar("SELECT seq FROM devices WHERE app_id = ? AND id = ?", [.text(appID), .text(id)])
    }

    /// Makes the device's interests `interests`, writing only the difference (a device
    /// registering at every launch with the same interests writes none).
    private static func replaceInterests(_ db: SQLiteConnection, appID: String, seq: Int, _ interests: Set<String>, new: Bool) throws {
        let current =
            new ? [] : Set(try db.query("SELECT interest FROM device_interests WHERE device_seq = ?", [.int(seq)]) { $0.string(0) })
        for interest in current.subtracting(interests) {
            try db.execute(
                "DELETE FROM device_interests WHERE app_id = ? AND interest = ? AND device_seq = ?",
                [.text(appID), .text(interest), .int(seq)])
        }
        for interest in interests.subtracting(current) {
            try db.execute(
                "INSERT INTO device_interests (app_id, interest, device_seq) VALUES (?, ?, ?)", [.text(appID), .text(interest), .int(seq)])
        }
    }

    private static func checkUserLimit(_ db: SQLiteConnection, appID: String, userID: String, excluding seq: Int?) throws {
        let count =
            try db.scalar(
                "SELECT count(*) FROM devices WHERE app_id = ? AND user_id = ? AND seq != ?",
                [.text(appID), .text(userID), .int(seq ?? -1)]) ?? 0
        guard count < DeviceQuota.devicesPerUser else { throw DeviceQuota.userLimitExceeded(userID) }
    }
}
