import HeraldShared

/// Devices. Locks are taken in one order, so that concurrent calls wait instead of
/// deadlocking: the device's row, then its user's (an advisory lock), then the app's row
/// (the quota counters). Device writes are `deviceWrite`s: by default they do not wait
/// for their WAL flush (SQLite's `publishes` durability). Several device writes share a
/// transaction (`GroupCommit`), which so holds the locks of each in turn: another
/// process's transaction may then wait for one of them while holding a lock a later body
/// asks for; PostgreSQL ends one of the two (a deadlock) and it runs again, whole.
extension PostgresStore {
    /// One transaction. Without a quota (the operator's import) new tokens go in a few
    /// thousand at a time as they are read, each batch in one statement; a quota is
    /// checked device by device.
    public func importDevices(appID: String, from source: DeviceImportSource, quota: DeviceQuota, now: Double) throws -> Int {
        try deviceWrite { db in
            let next = try source.open()
            var created = 0
            guard quota == .unlimited else {
                while let registration = try next() {
                    if try Self.register(db, appID: appID, registration, quota: quota, now: now).created { created += 1 }
                }
                return created
            }
            var batch: [DeviceRegistration] = []
            batch.reserveCapacity(Self.importBatchSize)
            while let registration = try next() {
                batch.append(registration)
                guard batch.count == Self.importBatchSize else { continue }
                created += try Self.importBatch(db, appID: appID, batch[...], now: now)
                batch.removeAll(keepingCapacity: true)
            }
            return created + (batch.isEmpty ? 0 : try Self.importBatch(db, appID: appID, batch[...], now: now))
        }
    }

    /// New tokens an import puts in by one statement.
    static let importBatchSize = 2000

    /// The batch's new tokens in one INSERT and their interests in another, then the user
    /// limit for their users; tokens already registered (or twice in the batch) as
    /// registrations, in order. How many were new.
    private static func importBatch(_ db: PostgresConnection, appID: String, _ batch: ArraySlice<DeviceRegistration>, now: Double) throws
        -> Int
    {
        // one store: a batch binds arrays (SQLite's import registers device by device).
        var seen = Set(
            try db.query("SELECT token FROM devices WHERE app_id = $1 AND token = ANY($2::text[])", [.text(appID), .array(batch.map(\.token))])
                .map { try $0.string(0) })
        var fresh: [DeviceRegistration] = []
        var again: [DeviceRegistration] = []
        for registration in batch {
            if seen.insert(registration.token).inserted { fresh.append(registration) } else { again.append(registration) }
        }
        if !fresh.isEmpty {
            // one store: as above.
            let rows = try db.query(
                """
                INSERT INTO devices (id, app_id, token, environment, user_id, metadata, created_at, token_registered_at, updated_at,
                key_hash, platform) SELECT r.id, $1, r.token, r.environment, nullif(r.user_id, ''), r.metadata, $2, $2, $2,
                nullif(r.key_hash, ''), r.platform
                FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
                    AS r(id, token, environment, user_id, metadata, key_hash, platform)
                RETURNING seq, token
                """,
                [
                    .text(appID), .double(now), .array(fresh.map { _ in Identifier.ordered("dev_", at: now) }), .array(fresh.map(\.token)),
                    .array(fresh.map(\.environment.rawValue)), .array(fresh.map { ($0.userID ?? nil) ?? "" }),
                    .array(fresh.map { $0.metadata.map { JSONWriter.serialize($0) } ?? "{}" }), .array(fresh.map { $0.newKeyHash ?? "" }),
                    .array(fresh.map(\.platform.rawValue)),
                ])
            let seqs = Dictionary(try rows.map { (try $0.string(1), try $0.int(0)) }, uniquingKeysWith: { first, _ in first })
            for registration in fresh where !registration.attributes.isEmpty {
                try writeAttributes(db, appID: appID, seq: seqs[registration.token] ?? 0, registration.attributes, new: true, now: now)
            }
            let pairs = fresh.flatMap { registration in
                Set(registration.interests ?? []).sorted().map { (interest: $0, seq: seqs[registration.token] ?? 0) }
            }
            if !pairs.isEmpty {
                // one store: as above.
                try db.execute(
                    "INSERT INTO device_interests (app_id, interest, device_seq) SELECT $1, p.i, p.s FROM unnest($2::text[], $3::bigint[]) AS p(i, s)",
                    [.text(appID), .array(pairs.map(\.interest)), .array(pairs.map(\.seq))])
            }
            let users = Set(fresh.compactMap { $0.userID ?? nil }).sorted()
            // one store: as above.
            if !users.isEmpty,
                let over = try db.query(
                    "SELECT user_id FROM devices WHERE app_id = $1 AND user_id = ANY($2::text[]) GROUP BY user_id HAVING count(*) > $3 LIMIT 1",
                    [.text(appID), .array(users), .int(DeviceQuota.devicesPerUser)]
                ).first
            {
                throw DeviceQuota.userLimitExceeded(try over.string(0))
            }
        }
        for registration in again { _ = try register(db, appID: appID, registration, quota: .unlimited, now: now) }
        return fresh.count
    }

    static func insertDevice(
        _ db: PostgresConnection, id: String, appID: String, _ registration: DeviceRegistration, metadata: String?, now: Double
    ) throws -> Int {
        let inserted = try db.query(
            DeviceStatements.insert.text(.postgres),
            Self.newDeviceValues(id: id, appID: appID, registration, metadata: metadata, now: now))
        // Another registration of this token committed since the lookup: run again, as an update.
        guard let row = inserted.first else {
            throw PostgresError(.serialization, message: "token \(registration.token) was registered meanwhile by another request")
        }
        return try row.int(0)
    }

    /// Makes the device's interests `interests`, writing only the difference (a device
    /// registering at every launch with the same interests writes none).
    static func replaceInterests(_ db: PostgresConnection, appID: String, seq: Int, _ interests: Set<String>, new: Bool) throws {
        // one store: binds arrays (SQLite: interest by interest, each statement cached).
        let current =
            new
            ? [] : Set(try db.query("SELECT interest FROM device_interests WHERE device_seq = $1", [.int(seq)]).map { try $0.string(0) })
        let removed = current.subtracting(interests), added = interests.subtracting(current)
        if !removed.isEmpty {
            // one store: as above.
            try db.execute(
                "DELETE FROM device_interests WHERE app_id = $1 AND device_seq = $2 AND interest = ANY($3::text[])",
                [.text(appID), .int(seq), .array(removed.sorted())])
        }
        if !added.isEmpty {
            // one store: as above.
            try db.execute(
                """
                INSERT INTO device_interests (app_id, interest, device_seq) SELECT $1, unnest($2::text[]), $3
                ON CONFLICT DO NOTHING
                """, [.text(appID), .array(added.sorted()), .int(seq)])
        }
    }
}
