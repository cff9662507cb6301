import HeraldAuth
import HeraldShared

/// Devices. On PostgreSQL locks are taken in one order, so that concurrent calls wait
/// instead of deadlocking: the device's row (`lockDevice`), then its user's (an advisory
/// lock, `lockUser`), then the app's row (the quota counters). Each runs in the caller's
/// transaction.
extension SQLStore {
    static func device(_ db: Database, appID: String, id: String) throws -> DeviceRecord? {
        try loadDevices(db, DeviceStatements.byID, [.text(appID), .text(id)]).first
    }

    /// The devices `condition` selects (after FROM devices d), with their interests sorted
    /// bytewise, in one statement.
    static func loadDevices(_ db: Database, _ condition: SQLStatement, _ values: [SQLValue]) throws -> [DeviceRecord] {
        try db.query(DeviceStatements.devices.text(db.dialect) + condition.text(db.dialect), values) { row in
            DeviceRecord(
                id: try row.string(0), appID: try row.string(1), platform: PushPlatform(rawValue: try row.string(11)) ?? .apns,
                token: try row.string(2),
                environment: APNsEnvironment(rawValue: try row.string(3)) ?? .production,
                interests: ((try? JSONParser().parse(try row.string(10)))?.arrayValue ?? []).compactMap(\.stringValue),
                userID: try row.optionalString(4), metadata: (try? JSONParser().parse(try row.string(5))) ?? .object([:]),
                createdAt: try row.double(6), tokenRegisteredAt: try row.double(7), invalidatedAt: try row.optionalDouble(8),
                invalidReason: try row.optionalString(9), locale: try row.optionalString(12), timeZone: try row.optionalString(13),
                appVersion: try row.optionalString(14), tags: (try? JSONParser().parse(try row.string(15)))?.objectValue ?? [:])
        }
    }

    static func deviceID(_ db: Database, appID: String, keyHash: String) throws -> String? {
        try db.query(DeviceStatements.idByKey, [.text(keyHash), .text(appID)]) { try $0.string(0) }.first
    }

    static func deviceKeyState(_ db: Database, appID: String, id: String) throws -> DeviceKeyState {
        guard let keyed = try db.query(DeviceStatements.keyState, [.text(appID), .text(id)], { try $0.bool(0) }).first
        else { return .missing }
        return keyed ? .keyed : .keyless
    }

    static func keylessDeviceCount(_ db: Database, appID: String) throws -> Int {
        try db.query(DeviceStatements.keylessCount, [.text(appID)]) { try $0.int(0) }.first ?? 0
    }

    /// Registers the token: the device that has it registers it again, or a new device.
    static func register(_ db: Database, appID: String, _ registration: DeviceRegistration, quota: DeviceQuota, now: Double) throws
        -> RegisteredDevice
    {
        let sql = DeviceStatements.self
        let existing = try db.query(sql.byToken, [.text(appID), .text(registration.token)]) {
            (seq: try $0.int(0), id: try $0.string(1), keyHash: try $0.optionalString(2))
        }.first
        let user = registration.userID ?? nil
        if let user { try lockUser(db, appID: appID, userID: user) }
        try checkQuota(db, appID: appID, seq: existing?.seq, interests: registration.interests.map(Set.init), quota: quota)
        if let user { try checkUserLimit(db, appID: appID, userID: user, excluding: existing?.seq) }
        let metadata = registration.metadata.map { JSONWriter.serialize($0) }
        let seq: Int
        let id: String
        var keyIssued = false
        if let existing {
            (seq, id) = (existing.seq, existing.id)
            // The caller proved it holds the device's key: keep it. Otherwise the new key
            // replaces the old one (a reinstall lost it): holding the token is the proof.
            var kept = false
            if let stored = existing.keyHash, let presented = registration.presentedKeyHash { kept = ConstantTime.equal(Array(presented.utf8), Array(stored.utf8)) }
            let newKey = kept ? nil : registration.newKeyHash
            keyIssued = newKey != nil
            try db.execute(
                sql.reRegister,
                [
                    .text(registration.environment.rawValue), .optional(metadata), .double(now), .optional(newKey),
                    .bool(registration.userID != nil), .optional(user), .int(seq), .text(registration.platform.rawValue),
                ])
        } else {
            id = Identifier.ordered("dev_", at: now)
            seq = try insertDevice(db, id: id, appID: appID, registration, metadata: metadata, now: now)
            keyIssued = registration.newKeyHash != nil
            try logDeviceRegistered(db, appID: appID, id: id, registration, now: now)
        }
        if let interests = registration.interests {
            try replaceInterests(db, appID: appID, seq: seq, Set(interests), new: existing == nil)
        }
        try writeAttributes(db, appID: appID, seq: seq, registration.attributes, new: existing == nil, now: now)
        return RegisteredDevice(id: id, created: existing == nil, keyIssued: keyIssued)
    }

    /// The values of `DeviceStatements.insert` for a device registering its token for the first time.
    static func newDeviceValues(id: String, appID: String, _ registration: DeviceRegistration, metadata: String?, now: Double)
        -> [SQLValue]
    {
        [
            .text(id), .text(appID), .text(registration.token), .text(registration.environment.rawValue),
            .optional(registration.userID ?? nil), .text(metadata ?? "{}"), .double(now), .optional(registration.newKeyHash),
            .text(registration.platform.rawValue),
        ]
    }

    static func setInterests(_ db: Database, appID: String, deviceID: String, _ interests: [String], quota: DeviceQuota, now: Double)
        throws -> Bool
    {
        guard let seq = try lockDevice(db, appID: appID, id: deviceID) else { return false }
        try checkQuota(db, appID: appID, seq: seq, interests: Set(interests), quota: quota)
        try replaceInterests(db, appID: appID, seq: seq, Set(interests), new: false)
        try db.execute(DeviceStatements.touch, [.double(now), .int(seq)])
        return true
    }

    static func setUser(_ db: Database, appID: String, deviceID: String, _ userID: String?, now: Double) throws -> Bool {
        guard let seq = try lockDevice(db, appID: appID, id: deviceID) else { return false }
        if let userID {
            try lockUser(db, appID: appID, userID: userID)
            try checkUserLimit(db, appID: appID, userID: userID, excluding: seq)
        }
        try db.execute(DeviceStatements.setUser, [.optional(userID), .double(now), .int(seq)])
        return true
    }

    static func deleteDevice(_ db: Database, appID: String, deviceID: String, now: Double) throws -> Bool {
        guard let seq = try lockDevice(db, appID: appID, id: deviceID) else { return false }
        let sql = DeviceStatements.self
        try db.execute(sql.deleteInterests, [.int(seq)])
        try db.execute(sql.deleteTags, [.int(seq)])
        try deleteActivities(db, seq: seq)
        try db.execute(sql.delete, [.int(seq)])
        try db.execute(ExplainStatements.rememberDeleted, [.text(appID), .text(deviceID), .int(seq), .double(now)])
        try logDeviceDeleted(db, appID: appID, deviceID: deviceID, now: now)
        return true
    }

    /// The device's seq, its row locked until the transaction ends on PostgreSQL; nil when
    /// no such device.
    static func lockDevice(_ db: Database, appID: String, id: String) throws -> Int? {
        try db.query(DeviceStatements.lockDevice, [.text(appID), .text(id)]) { try $0.int(0) }.first
    }

    /// On PostgreSQL, makes registrations and user changes for one user take turns until
    /// the transaction ends, so two at once cannot both pass the limit (an advisory lock on
    /// the user); SQLite's one writer needs none.
    static func lockUser(_ db: Database, appID: String, userID: String) throws {
        try db.lock(DeviceStatements.lockUser, [.text(appID + "\u{1F}" + userID)])
    }

    static func checkUserLimit(_ db: Database, appID: String, userID: String, excluding seq: Int?) throws {
        let count =
            try db.query(DeviceStatements.userCount, [.text(appID), .text(userID), .int(seq ?? -1)]) { try $0.int(0) }
            .first ?? 0
        guard count < DeviceQuota.devicesPerUser else { throw DeviceQuota.userLimitExceeded(userID) }
    }
}

/// The public methods whose transaction and body are the same on both stores, over each
/// store's own `read` and `write`.
extension SQLStore {
    public func device(appID: String, id: String) throws -> DeviceRecord? {
        try snapshot { db in try Self.device(db, appID: appID, id: id) }
    }

    public func deviceID(appID: String, keyHash: String) throws -> String? {
        try keyRead { db in try Self.deviceID(db, appID: appID, keyHash: keyHash) }
    }

    public func deviceKeyState(appID: String, id: String) throws -> DeviceKeyState {
        try keyRead { db in try Self.deviceKeyState(db, appID: appID, id: id) }
    }

    public func keylessDeviceCount(appID: String) throws -> Int {
        try snapshot { db in try Self.keylessDeviceCount(db, appID: appID) }
    }
}
