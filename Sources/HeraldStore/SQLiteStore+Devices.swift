import HeraldShared

extension SQLiteStore {
    /// A `write` shared with the device writes of other threads (`GroupCommit`): one
    /// transaction, one commit for all of them, each body in its own savepoint. Every
    /// SQLite write is as durable as its mode makes it, and so is this one: it returns once
    /// committed. A call still queued at its deadline throws `.unavailable`, as a `write`
    /// still waiting for the lock does.
    func deviceWrite<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        let draft = AuditDraft.unrecorded
        do {
            let result = try deviceWrites.submit(
                by: StoreDeadline(seconds: timeout), { db in try db.auditing(draft, body) },
                transaction: { deadline, batch in try read(by: deadline) { db in try db.transaction { try batch(db) } } },
                expired: { Self.busy($0) })
            draft?.markRecorded()
            return result
        } catch let error as SQLiteError {
            throw StoreError(error, file: connection.path)
        }
    }

    public func importDevices(appID: String, from source: DeviceImportSource, quota: DeviceQuota, now: Double) throws -> Int {
        try write { db in
            let next = try source.open()
            var created = 0
            while let registration = try next() {
                if try Self.register(db, appID: appID, registration, quota: quota, now: now).created { created += 1 }
            }
            return created
        }
    }

    static func insertDevice(
        _ db: SQLiteConnection, id: String, appID: String, _ registration: DeviceRegistration, metadata: String?, now: Double
    ) throws -> Int {
        // The one writer has looked the token up: the insert always goes in.
        try db.execute(
            DeviceStatements.insert,
            Self.newDeviceValues(id: id, appID: appID, registration, metadata: metadata, now: now))
        // one store: SQLite's rowid of the insert.
        return try db.scalar("SELECT last_insert_rowid()") ?? 0
    }

    /// Makes the device's interests `interests`, writing only the difference (a device
    /// registering at every launch with the same interests writes none).
    static func replaceInterests(_ db: SQLiteConnection, appID: String, seq: Int, _ interests: Set<String>, new: Bool) throws {
        // one store: interest by interest, each statement cached (PostgreSQL binds arrays).
        let current =
            new ? [] : Set(try db.query("SELECT interest FROM device_interests WHERE device_seq = ?", [.int(seq)]) { $0.string(0) })
        for interest in current.subtracting(interests) {
            // one store: as above.
            try db.execute(
                "DELETE FROM device_interests WHERE app_id = ? AND interest = ? AND device_seq = ?",
                [.text(appID), .text(interest), .int(seq)])
        }
        for interest in interests.subtracting(current) {
            // one store: as above.
            try db.execute(
                "INSERT INTO device_interests (app_id, interest, device_seq) VALUES (?, ?, ?)", [.text(appID), .text(interest), .int(seq)])
        }
    }
}
