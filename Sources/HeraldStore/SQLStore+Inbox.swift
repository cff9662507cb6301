import HeraldShared

/// The inbox (`InboxStore`). Each runs in the caller's transaction.
extension SQLStore {
    static func inboxOwner(_ db: Database, appID: String, deviceID: String) throws -> InboxOwner? {
        try db.query(InboxStatements.deviceOwner, [.text(appID), .text(deviceID)]) { row in
            try row.optionalString(0).map(InboxOwner.user) ?? .device(deviceID)
        }.first
    }

    static func inbox(_ db: Database, appID: String, owner: InboxOwner, after: Int, limit: Int, now: Double) throws -> InboxPage {
        let sql = InboxStatements.self
        let rows = try db.query(
            after == 0 ? sql.fromStart : sql.page, [.text(appID), .text(owner.key), .int(after), .int(limit + 1)], inboxEntry)
        let page = rows.prefix(limit)
        // An expired message is not sent (its sequence is passed over all the same).
        let entries = page.filter { $0.deleted || ($0.message.expiresAt ?? .infinity) > now }
        return InboxPage(
            entries: Array(entries), unread: try unread(db, appID: appID, owner: owner, now: now), last: page.last?.seq ?? after,
            more: rows.count > limit)
    }

    private static func inboxEntry(_ row: Database.Row) throws -> InboxEntry {
        let data = try row.optionalString(7).flatMap { try? JSONParser().parse($0) }
        let message = InboxMessageRecord(
            id: try row.string(1), title: try row.optionalString(4), body: try row.optionalString(5), link: try row.optionalString(6),
            data: data, createdAt: try row.double(8), expiresAt: try row.optionalDouble(9))
        return InboxEntry(message: message, read: try row.bool(2), deleted: try row.bool(3), seq: try row.int(0))
    }

    static func unread(_ db: Database, appID: String, owner: InboxOwner, now: Double) throws -> Int {
        try db.query(InboxStatements.unread, [.text(appID), .text(owner.key), .double(now)]) { try $0.int(0) }.first ?? 0
    }

    /// Each entry changed is deleted and inserted again with its new state: the insert
    /// gives it the next sequence.
    static func changeInbox(
        _ db: Database, appID: String, owner: InboxOwner, ids: [String], _ change: InboxChangeKind, by origin: String?, now: Double
    ) throws -> InboxChange {
        let sql = InboxStatements.self
        try lockInboxes(db, appID: appID)
        var changed: [String] = []
        var unknown: [String] = []
        for id in ids {
            let key: [SQLValue] = [.text(appID), .text(owner.key), .text(id)]
            guard let (read, deleted) = try db.query(sql.entry, key, { (try $0.bool(0), try $0.bool(1)) }).first else {
                unknown.append(id)
                continue
            }
            let state = change == .read ? (true, deleted) : (read, true)
            guard state != (read, deleted) else { continue }
            try db.execute(sql.deleteEntry, key)
            try db.execute(sql.insertEntry, key + [.bool(state.0), .bool(state.1)])
            changed.append(id)
        }
        let unread = try unread(db, appID: appID, owner: owner, now: now)
        if !changed.isEmpty { try scheduleSync(db, appID: appID, owner: owner, unread: unread, origin: origin, now: now) }
        try logInboxChange(db, appID: appID, owner: owner, ids: changed, change, now: now)
        return InboxChange(changed: changed.count, unknown: unknown, unread: unread)
    }

    /// Makes sure one background publish to the owner's devices is scheduled, `InboxSync.delay`
    /// from now, carrying the unread count: a new one, or the one already scheduled with
    /// its count brought up to date (the partial unique index `publishes_inbox_sync` lets
    /// one be scheduled per inbox, so two gateways agree). The device that made the change
    /// (`origin`) has it already: a burst of changes all from one device goes to the user's
    /// other devices only (none when it has no other, nor for a device without a user);
    /// once another device (or the server) changes the inbox in the burst, to every device.
    static func scheduleSync(_ db: Database, appID: String, owner: InboxOwner, unread: Int, origin: String?, now: Double) throws {
        let sql = InboxStatements.self
        guard let target = try syncTarget(db, appID: appID, owner: owner, origin: origin) else { return }
        for _ in 0..<2 {
            let id = Identifier.ordered("pub_", at: now)
            let inserted = try db.execute(
                sql.insertSync,
                [
                    .text(id), .text(appID), .text(target.kind), .text(Self.storedKeys(target)),
                    .bytes(InboxSync.payload(publishID: id, unread: unread)), .double(now + InboxSync.delay), .double(now), .text(owner.key),
                    .optional(origin),
                ])
            if inserted > 0 { return }
            // One is scheduled: it carries the count now (unless it went out meanwhile: then a new one).
            guard
                let (pending, pendingOrigin) = try db.query(sql.pendingSync, [.text(appID), .text(owner.key)], {
                    (try $0.string(0), try $0.optionalString(1))
                }).first
            else { continue }
            // A second device (or the server) in the burst: every device must hear of it.
            let (kept, keptOrigin) =
                pendingOrigin == origin ? (target, origin) : (owner.userID.map { PublishTarget.users([$0]) } ?? target, nil)
            let payload = InboxSync.payload(publishID: pending, unread: unread)
            let values: [SQLValue] = [
                .bytes(payload), .double(now), .text(kept.kind), .text(Self.storedKeys(kept)), .optional(keptOrigin), .text(pending),
            ]
            if try db.execute(sql.updateSync, values) > 0 { return }
        }
    }

    /// Whom a sync publish goes to: the user (every device), or with an `origin` the user's
    /// other devices; a device without a user only for a change it did not make. Nil: nobody.
    private static func syncTarget(_ db: Database, appID: String, owner: InboxOwner, origin: String?) throws -> PublishTarget? {
        guard let user = owner.userID else { return origin == owner.key ? nil : .devices([owner.key]) }
        guard let origin else { return .users([user]) }
        let others = try db.query(InboxStatements.otherDevices, [.text(appID), .text(user), .text(origin)]) { try $0.string(0) }
        return others.isEmpty ? nil : .devices(others)
    }

    private static func storedKeys(_ target: PublishTarget) -> String {
        JSONWriter.serialize(.array(target.keys.map(JSONValue.string)))
    }

    static func addInboxMessage(_ db: Database, appID: String, owner: InboxOwner, _ message: InboxMessageRecord, limit: Int) throws {
        let sql = InboxStatements.self
        try lockInboxes(db, appID: appID)
        let held = try db.query(sql.count, [.text(appID), .text(owner.key)]) { try $0.int(0) }.first ?? 0
        guard held < limit else {
            throw DeviceQuota(inboxMessagesPerUser: limit).exceeded(
                .inboxMessagesPerUser, "the inbox of \(owner.key) holds \(held) messages",
                remedy: "Delete messages from it (DELETE /v1/apps/\(appID)/users/{user}/inbox/{message})")
        }
        try insertInboxMessage(db, appID: appID, message, limit: nil)
        try db.execute(sql.insertEntry, [.text(appID), .text(owner.key), .text(message.id), .bool(false), .bool(false)])
    }

    /// Takes the app's inbox lock before entries get a sequence (`InboxStatements.lockApp`:
    /// PostgreSQL's sequence values can commit out of order; held to the commit, the lock
    /// keeps an app's in order). Nothing on SQLite, whose one writer commits in order.
    static func lockInboxes(_ db: Database, appID: String) throws {
        try db.lock(InboxStatements.lockApp, [.text(appID)])
    }

    /// A message's content, once per app and id (`limit`: a publish's, for its fan-out).
    static func insertInboxMessage(_ db: Database, appID: String, _ message: InboxMessageRecord, limit: Int?) throws {
        try db.execute(
            InboxStatements.insertMessage,
            [
                .text(appID), .text(message.id), .optional(message.title), .optional(message.body), .optional(message.link),
                .optional(message.data.map { JSONWriter.serialize($0) }), .double(message.createdAt), .optional(message.expiresAt),
                .optional(limit),
            ])
    }

    /// A publish's message, made with it.
    static func insertPublishInbox(_ db: Database, _ publish: NewPublish, id: String) throws {
        guard let inbox = publish.inbox else { return }
        let message = InboxMessageRecord(
            id: id, title: inbox.title, body: inbox.body, link: inbox.link, data: inbox.data, createdAt: publish.createdAt,
            expiresAt: inbox.expiresAt)
        try insertInboxMessage(db, appID: publish.appID, message, limit: inbox.limit)
    }

    /// One fan-out page's entries (`InboxStatements.insertPage`), for a store that inserts
    /// them apart from the page's deliveries; how many were new.
    static func insertInboxPage(_ db: Database, _ request: FanOutPageRequest, limit: Int) throws -> Int {
        var b = SQLBindings(db.dialect)
        let owners = InboxStatements.owners(request.source(join: "", &b))
        let (app, message, max) = (b.bind(.text(request.appID)), b.bind(.text(request.publishID)), b.bind(.int(limit)))
        return try db.execute(InboxStatements.insertPage(db.dialect, owners: owners, app: app, message: message, limit: max), b.values)
    }

    /// The entry of one device's owner (a `devices` or `tokens` target), as a page of one.
    static func insertInboxEntry(_ db: Database, appID: String, publishID: String, deviceSeq: Int, limit: Int) throws -> Int {
        var b = SQLBindings(db.dialect)
        let owners = InboxStatements.owners("FROM devices d WHERE d.seq = \(b.bind(.int(deviceSeq)))")
        let (app, message, max) = (b.bind(.text(appID)), b.bind(.text(publishID)), b.bind(.int(limit)))
        return try db.execute(InboxStatements.insertPage(db.dialect, owners: owners, app: app, message: message, limit: max), b.values)
    }

    static func pruneInbox(_ db: Database, now: Double, before: Double?, limit: Int) throws -> Int {
        let sql = InboxStatements.self
        let old = try db.query(sql.prunable, [.double(now), .double(before ?? 0), .int(limit)]) {
            (try $0.string(0), try $0.string(1))
        }
        for (app, id) in old {
            try db.execute(sql.pruneEntries, [.text(app), .text(id)])
            try db.execute(sql.pruneMessage, [.text(app), .text(id)])
        }
        return old.count
    }
}

/// The public methods whose transaction and body are the same on both stores.
extension SQLStore {
    public func inboxOwner(appID: String, deviceID: String) throws -> InboxOwner? {
        try snapshot { db in try Self.inboxOwner(db, appID: appID, deviceID: deviceID) }
    }

    public func inbox(appID: String, owner: InboxOwner, after: Int, limit: Int, now: Double) throws -> InboxPage {
        try snapshot { db in try Self.inbox(db, appID: appID, owner: owner, after: after, limit: limit, now: now) }
    }

    public func changeInbox(appID: String, owner: InboxOwner, ids: [String], _ change: InboxChangeKind, by origin: String?, now: Double)
        throws -> InboxChange
    {
        try write { db in try Self.changeInbox(db, appID: appID, owner: owner, ids: ids, change, by: origin, now: now) }
    }

    public func addInboxMessage(appID: String, owner: InboxOwner, _ message: InboxMessageRecord, limit: Int) throws {
        try write { db in try Self.addInboxMessage(db, appID: appID, owner: owner, message, limit: limit) }
    }

    public func pruneInbox(now: Double, before: Double?, limit: Int) throws -> Int {
        try write { db in try Self.pruneInbox(db, now: now, before: before, limit: limit) }
    }
}
