import HeraldShared

/// The events of the facts the store records, each written by the method that records
/// the fact, in its transaction (docs/events.md lists their `data`).
extension SQLStore {
    static func logPublishCreated(_ db: Database, _ publish: NewPublish, id: String) throws {
        var data: [String: JSONValue] = [
            "publishId": .string(id), "target": .string(publish.target.kind), "pushType": .string(publish.options.pushType),
        ]
        if let sendAt = publish.options.sendAt { data["sendAt"] = .string(RFC3339.string(sendAt)) }
        try logEvent(db, appID: publish.appID, NewEvent(.publishCreated, at: publish.createdAt, data))
    }

    /// After `FanOutStatements.finishIfComplete` marked the publish done: its final counts,
    /// in all and by platform. Herald's own inbox sync publishes tell nothing.
    static func logPublishCompleted(_ db: Database, publishID: String, now: Double) throws {
        let sql = FactEventStatements.self
        guard let (appID, counts) = try db.query(sql.publishCounts, [.text(publishID)], { (try $0.string(0), try sql.counts($0, from: 1)) }).first
        else { return }
        let byPlatform = try db.query(sql.platformCounts, [.text(publishID)]) { (try $0.string(0), try sql.counts($0, from: 1)) }
        var data = counts
        data["publishId"] = .string(publishID)
        data["byPlatform"] = .object(Dictionary(byPlatform.map { ($0.0, JSONValue.object($0.1)) }, uniquingKeysWith: { a, _ in a }))
        try logEvent(db, appID: appID, NewEvent(.publishCompleted, at: now, data))
    }

    static func logPublishCancelled(_ db: Database, appID: String, publishID: String, now: Double) throws {
        try logEvent(db, appID: appID, NewEvent(.publishCancelled, at: now, ["publishId": .string(publishID)]))
    }

    /// The final event of each delivery of `seqs` that is final now (sent, failed,
    /// invalidated, capped; one still waiting tells nothing), in seq order. `serviceIDs`:
    /// the push service's id of those it accepted (apns-id, FCM's message name).
    static func logFinalDeliveries(_ db: Database, seqs: [Int], serviceIDs: [Int: String] = [:], now: Double) throws {
        guard !seqs.isEmpty else { return }
        var byApp: [String: [NewEvent]] = [:]
        for row in try finalDeliveries(db, seqs: seqs) {
            let type: EventType
            switch DeliveryState(rawValue: row.state) {
            case .sent: type = .deliverySent
            case .failed, .cancelled: type = .deliveryFailed
            case .invalidated: type = .deliveryInvalidated
            case .capped: type = .deliveryCapped
            case .pending, .inFlight, .none: continue
            }
            // Keys in the writer's order (sorted), without a dictionary: one of these per delivery.
            var pairs: [(String, String)] = []
            if let id = serviceIDs[row.seq], row.platform != "fcm" { pairs.append(("apnsId", id)) }
            if let device = row.deviceID { pairs.append(("deviceId", device)) }
            if let id = serviceIDs[row.seq], row.platform == "fcm" { pairs.append(("messageName", id)) }
            pairs.append(("platform", row.platform))
            pairs.append(("publishId", row.publishID))
            if type != .deliverySent && type != .deliveryCapped, let reason = row.reason { pairs.append(("reason", reason)) }
            if let user = row.userID { pairs.append(("userId", user)) }
            byApp[row.appID, default: []].append(NewEvent(type, at: now, json: NewEvent.object(pairs)))
        }
        for (appID, events) in byApp.sorted(by: { $0.key < $1.key }) { try logEvents(db, appID: appID, events) }
    }

    static func logDeviceRegistered(_ db: Database, appID: String, id: String, _ registration: DeviceRegistration, now: Double) throws {
        var data: [String: JSONValue] = ["deviceId": .string(id), "platform": .string(registration.platform.rawValue)]
        // APNs' environment; an FCM token has none.
        if registration.platform == .apns { data["environment"] = .string(registration.environment.rawValue) }
        if let user = registration.userID ?? nil { data["userId"] = .string(user) }
        try logEvent(db, appID: appID, NewEvent(.deviceRegistered, at: now, data))
    }

    /// After `DeliveryStatements.invalidateDevice`: the device, why and since when its token is dead.
    static func logDeviceInvalidated(_ db: Database, deviceSeq: Int, _ dead: DeadToken, now: Double) throws {
        guard let (appID, id, user) = try db.query(FactEventStatements.device, [.int(deviceSeq)], {
            (try $0.string(0), try $0.string(1), try $0.optionalString(2))
        }).first else { return }
        var data: [String: JSONValue] = ["deviceId": .string(id), "reason": .string(dead.reason)]
        if let since = dead.since { data["since"] = .string(RFC3339.string(since)) }
        if let user { data["userId"] = .string(user) }
        try logEvent(db, appID: appID, NewEvent(.deviceInvalidated, at: now, data))
    }

    static func logDeviceDeleted(_ db: Database, appID: String, deviceID: String, now: Double) throws {
        try logEvent(db, appID: appID, NewEvent(.deviceDeleted, at: now, ["deviceId": .string(deviceID)]))
    }

    /// Receipts counted now (the statistics' rules): delivered, opened, actions.
    static func logReceipts(_ db: Database, appID: String, _ receipts: [DeviceEvent]) throws {
        let events = receipts.compactMap { receipt -> NewEvent? in
            let type: EventType
            switch receipt.kind {
            case .delivered: type = .receiptDelivered
            case .opened: type = .receiptOpened
            case .action: type = .receiptAction
            case .dismissed, .presented, .routed: return nil
            }
            var data: [String: JSONValue] = ["publishId": .string(receipt.publishID), "deviceId": .string(receipt.deviceID)]
            if receipt.kind == .action, let action = receipt.actionID { data["actionId"] = .string(action) }
            return NewEvent(type, at: receipt.at, data)
        }
        try logEvents(db, appID: appID, events)
    }

    /// One event per message an inbox change changed, with its owner (`userId` or `deviceId`).
    static func logInboxChange(_ db: Database, appID: String, owner: InboxOwner, ids: [String], _ change: InboxChangeKind, now: Double) throws {
        let ownerField: (String, JSONValue) = owner.key.hasPrefix("user:")
            ? ("userId", .string(String(owner.key.dropFirst(5)))) : ("deviceId", .string(owner.key))
        try logEvents(db, appID: appID, ids.map { id in
            NewEvent(change == .read ? .inboxRead : .inboxDeleted, at: now, ["messageId": .string(id), ownerField.0: ownerField.1])
        })
    }

    static func logUserDeleted(_ db: Database, appID: String, userID: String, _ deletion: UserDeletion, now: Double) throws {
        let counts = deletion.counts.sorted { $0.key.rawValue < $1.key.rawValue }.map { ($0.key.rawValue, JSONValue.int($0.value)) }
        try logEvent(db, appID: appID, NewEvent(.userDeleted, at: now, [
            "userId": .string(userID), "deleted": .object(Dictionary(uniqueKeysWithValues: counts)),
        ]))
    }

    static func logActivity(_ db: Database, appID: String, deviceID: String, _ activity: ActivityRecord, started: Bool, now: Double) throws {
        try logEvent(db, appID: appID, NewEvent(started ? .activityStarted : .activityEnded, at: now, [
            "deviceId": .string(deviceID), "activityId": .string(activity.id), "activityType": .string(activity.activityType),
        ]))
    }
}

/// A delivery's final state as `logFinalDeliveries` tells it.
struct FinalDelivery {
    var seq: Int
    var appID: String
    var publishID: String
    var state: Int
    var reason: String?
    var platform: String
    var deviceID: String?
    var userID: String?

    /// The columns `SQLStore.finalDeliveries` reads, in this order, from `deliveries d`
    /// joined to its publish `p` and (left) its device `v`.
    static let columns = "d.seq, d.app_id, d.publish_id, d.state, d.reason, d.platform, v.id, v.user_id"

    init<Row: StoreRow>(_ row: Row) throws {
        seq = try row.int(0)
        appID = try row.string(1)
        publishID = try row.string(2)
        state = try row.int(3)
        reason = try row.optionalString(4)
        platform = try row.string(5)
        deviceID = try row.optionalString(6)
        userID = try row.optionalString(7)
    }
}
