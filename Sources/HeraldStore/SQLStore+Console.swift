
extension SQLStore {
    static func latestPublishes(_ db: Database, appID: String, limit: Int, includingInboxSyncs: Bool) throws -> [PublishRecord] {
        let condition = includingInboxSyncs ? ConsoleStatements.latestPublishes : ConsoleStatements.latestPublishesWithoutSyncs
        return try loadPublishes(db, condition, [.text(appID), .int(limit)])
    }

    static func devices(_ db: Database, appID: String, matching lookup: DeviceLookup, limit: Int) throws -> [DeviceRecord] {
        let sql = ConsoleStatements.self
        let (condition, value): (SQLStatement, String) =
            switch lookup {
            // APNs' hex in any case; an FCM token as given (it is case-sensitive, never all hex).
            case .token(let token): (sql.devicesByToken, token.allSatisfy(\.isHexDigit) ? token.lowercased() : token)
            case .deviceID(let id): (sql.devicesByID, id)
            case .user(let user): (sql.devicesByUser, user)
            case .interest(let interest): (sql.devicesByInterest, interest)
            case .after(let id): (sql.devicesAfter, id)
            }
        return try loadDevices(db, condition, [.text(appID), .text(value), .int(limit)])
    }

    static func failedDeliveries(_ db: Database, appID: String, publishID: String, limit: Int) throws -> [DeliveryTrace] {
        try db.query(ConsoleStatements.failedDeliveries, [.text(publishID), .text(appID), .int(limit)], outcomeRow)
    }

    static func deliveries(_ db: Database, appID: String, deviceID: String, limit: Int) throws -> [DeliveryTrace] {
        try db.query(
            ConsoleStatements.deviceDeliveries,
            [.text(appID), .int(deviceDeliveriesPublishWindow), .text(deviceID), .int(limit)], outcomeRow)
    }

    static func endConsoleSession(_ db: Database, appID: String, id: String, expiresAt: Double, now: Double) throws {
        let sql = ConsoleStatements.self
        try db.execute(sql.dropExpiredSignouts, [.double(now)])
        try db.execute(sql.insertSignout, [.text(id), .text(appID), .double(expiresAt)])
    }

    static func consoleSessionEnded(_ db: Database, id: String) throws -> Bool {
        try !db.query(ConsoleStatements.signout, [.text(id)]) { _ in () }.isEmpty
    }

    static func outcomeRow(_ row: Database.Row) throws -> DeliveryTrace {
        DeliveryTrace(
            publishID: try row.string(0), deviceID: try row.optionalString(1), token: try row.string(2),
            state: DeliveryTrace.stateName(try row.int(3)), reason: try row.optionalString(4), updatedAt: try row.double(5))
    }

    /// Deletes up to `limit` deliveries (and then the receipts) of publishes finished
    /// before `before`, keeping the publishes and their statistics. Runs in the caller's transaction.
    static func prune(_ db: Database, before: Double, limit: Int) throws -> PruneProgress {
        let sql = ConsoleStatements.self
        // The oldest publishes done or cancelled before `before` that still have
        // per-device rows (a partial index keeps this cheap however many there are).
        let publishes = try db.query(sql.prunablePublishes, [.double(before)]) { try $0.string(0) }
        // Capped sends older than the largest window before `before` count for no cap (the
        // claims prune each device's; this clears those of devices deleted or silent).
        try db.execute(sql.pruneCappedSends, [.double(FrequencyCap.forgetBefore(now: before))])
        // Deleted devices are remembered as long as finished deliveries are kept.
        try db.execute(ExplainStatements.pruneDeleted, [.double(before)])
        var deleted = 0
        var finished = 0
        for id in publishes where deleted < limit {
            // A batch at a time, so the transaction stays short; the counters stay on the publish row.
            deleted += try db.execute(sql.pruneDeliveries, [.text(id), .int(limit - deleted)])
            guard try db.query(sql.anyDelivery, [.text(id)], { _ in () }).isEmpty else { break }
            // No deliveries left: the receipts' keys go too (a late receipt is then
            // refused as not targeted, so nothing is counted twice).
            try db.execute(sql.pruneEvents, [.text(id)])
            try db.execute(sql.markPruned, [.text(id)])
            finished += 1
        }
        return PruneProgress(deleted: deleted, more: finished < publishes.count || publishes.count == 100)
    }
}

/// The public methods whose transaction and body are the same on both stores: `read`
/// and `write` are each store's own (`SQLStore`'s requirements).
extension SQLStore {
    public func publishes(appID: String, limit: Int, includingInboxSyncs: Bool) throws -> [PublishRecord] {
        try snapshot { db in try Self.latestPublishes(db, appID: appID, limit: limit, includingInboxSyncs: includingInboxSyncs) }
    }

    public func devices(appID: String, matching lookup: DeviceLookup, limit: Int) throws -> [DeviceRecord] {
        try snapshot { db in try Self.devices(db, appID: appID, matching: lookup, limit: limit) }
    }

    public func failedDeliveries(appID: String, publishID: String, limit: Int) throws -> [DeliveryTrace] {
        try snapshot { db in try Self.failedDeliveries(db, appID: appID, publishID: publishID, limit: limit) }
    }

    public func deliveries(appID: String, deviceID: String, limit: Int) throws -> [DeliveryTrace] {
        try snapshot { db in try Self.deliveries(db, appID: appID, deviceID: deviceID, limit: limit) }
    }

    public func endConsoleSession(appID: String, id: String, expiresAt: Double, now: Double) throws {
        try write { db in try Self.endConsoleSession(db, appID: appID, id: id, expiresAt: expiresAt, now: now) }
    }

    public func consoleSessionEnded(id: String) throws -> Bool {
        try snapshot { db in try Self.consoleSessionEnded(db, id: id) }
    }
}
