/// A user's data: what the gateway keeps about the user's devices, read for an export and
/// deleted in one transaction (`DeviceStore.userData`, `DeviceStore.deleteUser`).
extension SQLStore {
    static func userData(_ db: Database, appID: String, userID: String) throws -> UserData {
        let sql = UserDataStatements.self
        let user: [SQLValue] = [.text(appID), .text(userID)]
        let devices = try loadDevices(db, sql.devices, user)
        let receipts = try db.query(sql.receipts, user) { row in
            let action = try row.string(3)
            return UserReceipt(
                publishID: try row.string(0), deviceID: try row.string(1), kind: try row.string(2), actionID: action.isEmpty ? nil : action,
                at: try row.double(4))
        }
        let liveActivities = try devices.compactMap { device -> UserLiveActivities? in
            guard let found = try activities(db, appID: appID, deviceID: device.id), !found.pushToStart.isEmpty || !found.activities.isEmpty
            else { return nil }
            return UserLiveActivities(deviceID: device.id, activities: found)
        }
        // Every message, expired ones too (`now` 0 is before every expiry).
        let inbox = try Self.inbox(db, appID: appID, owner: .user(userID), after: 0, limit: Int(Int32.max), now: 0).entries
        return UserData(
            devices: devices, deliveries: try db.query(sql.deliveries, user, outcomeRow), receipts: receipts, liveActivities: liveActivities,
            inbox: inbox)
    }

    /// Deletes every row of `UserDataKind` kept for the user's devices, in the caller's
    /// transaction. A delivery still waiting counts as failed with `userDeletedReason`, so
    /// its publish keeps its counts and finishes; one in flight (already handed to the push
    /// service) is kept without the device and its token until its answer comes, and counts
    /// as that answer (sent, failed…), never retried (`detachInFlight`); both count among
    /// the deliveries deleted. Counts already made on publishes stay (aggregates).
    static func deleteUser(_ db: Database, appID: String, userID: String, now: Double) throws -> UserDeletion {
        let sql = UserDataStatements.self
        let user: [SQLValue] = [.text(appID), .text(userID)]
        // The devices' rows, then the user (`lockUser`), the order registrations take: a
        // device cannot be bound to the user while its rows go. A user without devices
        // may still have an inbox (messages sent before any device registered).
        _ = try db.query(sql.lockDevices, user) { try $0.int(0) }
        try lockUser(db, appID: appID, userID: userID)
        let unfinished = try db.query(sql.unfinishedDeliveries, user) {
            (seq: try $0.int(0), publishID: try $0.string(1), inFlight: try $0.int(2) == DeliveryState.inFlight.rawValue)
        }
        for delivery in unfinished {
            if delivery.inFlight {
                try db.execute(sql.detachInFlight, [.int(delivery.seq), .text(userDeletedReason)])
            } else {
                try failDelivery(db, delivery.seq, publishID: delivery.publishID, reason: userDeletedReason, now: now)
            }
        }
        // Told before their rows go: a waiting delivery failed here ends now.
        try logFinalDeliveries(db, seqs: unfinished.filter { !$0.inFlight }.map(\.seq), now: now)
        // Their ids only (no token, no user), for explanations until retention prunes them.
        try db.execute(ExplainStatements.rememberUserDevices, [.text(appID), .text(userID), .double(now)])
        var counts: [UserDataKind: Int] = [:]
        for deletion in sql.deletions { counts[deletion.kind] = try db.execute(deletion.statement, user) }
        counts[.deliveries, default: 0] += unfinished.filter(\.inFlight).count
        for publishID in Set(unfinished.map(\.publishID)).sorted() { try finishIfComplete(db, publishID: publishID, now: now) }
        let deletion = UserDeletion(counts: counts)
        try logUserDeleted(db, appID: appID, userID: userID, deletion, now: now)
        return deletion
    }

    /// The reason counted for a delivery dropped because its user's data was deleted.
    static var userDeletedReason: String { "UserDeleted" }
}

/// The public methods whose transaction and body are the same on both stores: `read`
/// and `write` are each store's own (`SQLStore`'s requirements).
extension SQLStore {
    public func userData(appID: String, userID: String) throws -> UserData {
        try snapshot { db in try Self.userData(db, appID: appID, userID: userID) }
    }

    public func deleteUser(appID: String, userID: String, now: Double) throws -> UserDeletion {
        try write { db in try Self.deleteUser(db, appID: appID, userID: userID, now: now) }
    }
}
