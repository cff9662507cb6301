import HeraldShared

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

    public func device(appID: String, id: String) throws -> DeviceRecord? {
        try locked { db in try Self.device(db, appID: appID, id: id) }
    }

    public func deviceID(appID: String, keyHash: String) throws -> String? {
        try locked { db in try Self.deviceID(db, appID: appID, keyHash: keyHash) }
    }

    public func deviceKeyState(appID: String, id: String) throws -> DeviceKeyState {
        try locked { db in try Self.deviceKeyState(db, appID: appID, id: id) }
    }

    public func keylessDeviceCount(appID: String) throws -> Int {
        try locked { db in try Self.keylessDeviceCount(db, appID: appID) }
    }

    public func setInterests(appID: String, deviceID: String, _ interests: [String], quota: DeviceQuota, now: Double) throws -> Bool {
        try write { db in try Self.setInterests(db, appID: appID, deviceID: deviceID, interests, quota: quota, now: now) }
    }

    public func setUser(appID: String, deviceID: String, _ userID: String?, now: Double) throws -> Bool {
        try write { db in try Self.setUser(db, appID: appID, deviceID: deviceID, userID, now: now) }
    }

    public func deleteDevice(appID: String, deviceID: String) throws -> Bool {
        try write { db in try Self.deleteDevice(db, appID: appID, deviceID: deviceID) }
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

    /// Makes the device's interests `interests`, writing only the difference (a device
    /// registering at every launch with the same interests writes none).
    static func replaceInterests(_ db: SQLiteConnection, appID: String, seq: Int, _ interests: Set<String>, new: Bool) throws {
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

}
