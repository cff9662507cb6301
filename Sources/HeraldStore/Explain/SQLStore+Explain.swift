import HeraldShared

extension SQLStore {
    /// The facts of one publish and one device (`ExplainStore.explanationFacts`), each read by
    /// a key or an index prefix.
    static func explanationFacts(_ db: Database, appID: String, publishID: String, deviceID: String, now: Double) throws
        -> ExplanationFacts?
    {
        let sql = ExplainStatements.self
        // The publish's row alone: its split counters (a local-time publish's by zone reads
        // every delivery) are not an explanation's.
        guard let record = try loadPublishes(db, PublishStatements.byID, [.text(appID), .text(publishID)]).first,
            let state = try db.query(sql.publishState, [.text(appID), .text(publishID)], {
                (done: try $0.bool(0), pruned: try $0.bool(1), updatedAt: try $0.double(2), inbox: try $0.bool(3))
            }).first
        else { return nil }
        var variants: [String: [UInt8]] = [:]
        for (tag, payload) in try db.query(sql.variants, [.text(publishID)], { (try $0.string(0), try $0.bytes(1)) }) {
            variants[tag] = payload
        }
        let publish = PublishFacts(
            record: record, fanOutDone: state.done, pruned: state.pruned, updatedAt: state.updatedAt, variants: variants,
            keepsInboxMessage: state.inbox)
        var seq = try db.query(sql.deviceSeq, [.text(appID), .text(deviceID)]) { try $0.int(0) }.first
        var deleted: DeletedDevice?
        var device: DeviceFacts?
        if let known = seq {
            device = try deviceFacts(db, appID: appID, id: deviceID, seq: known, now: now)
        } else {
            guard
                let row = try db.query(sql.deleted, [.text(appID), .text(deviceID)], {
                    (seq: try $0.int(0), at: try $0.double(1), byUser: try $0.bool(2))
                }).first
            else { return nil }
            seq = row.seq
            deleted = DeletedDevice(id: deviceID, deletedAt: row.at, byUserDeletion: row.byUser)
        }
        let delivery = try seq.flatMap { try self.delivery(db, publishID: publishID, deviceSeq: $0) }
        let receipts = try db.query(sql.receipts, [.text(publishID), .text(deviceID)]) { row in
            DeviceEvent(
                publishID: publishID, deviceID: deviceID, kind: DeviceEvent.Kind(rawValue: try row.string(0)) ?? .delivered,
                actionID: try row.string(1).isEmpty ? nil : try row.string(1), at: try row.double(2),
                facts: try row.optionalString(3).flatMap { try? JSONParser().parse($0) })
        }
        let owners = [device?.record.userID.map { "user:" + $0 } ?? deviceID, deviceID]
        let inbox = try db.query(sql.inboxEntry, [.text(appID), .text(publishID), .text(owners[0]), .text(owners[1])]) {
            InboxFact(owner: try $0.string(0), read: try $0.bool(1), deleted: try $0.bool(2))
        }.first
        return ExplanationFacts(
            publish: publish, device: device, deleted: deleted, delivery: delivery, receipts: receipts, inbox: inbox)
    }

    /// A device with its activities, push-to-start types, its app's default zone and the
    /// capped sends of the largest cap window before `now`.
    static func deviceFacts(_ db: Database, appID: String, id: String, seq: Int, now: Double) throws -> DeviceFacts? {
        let sql = ExplainStatements.self
        guard let record = try device(db, appID: appID, id: id) else { return nil }
        var activities: [String: Bool] = [:]
        for (activity, ended) in try db.query(sql.activities, [.int(seq)], { (try $0.string(0), try $0.bool(1)) }) {
            activities[activity] = ended
        }
        let types = Set(try db.query(sql.pushToStartTypes, [.int(seq)]) { try $0.string(0) })
        let zone = try db.query(FanOutStatements.defaultTimeZone, [.text(appID)]) { try $0.optionalString(0) }.first ?? nil
        let sends = try db.query(sql.cappedSends, [.int(seq), .double(FrequencyCap.forgetBefore(now: now))]) {
            CappedSend(publishID: try $0.string(0), at: try $0.double(1))
        }.reversed() as [CappedSend]
        return DeviceFacts(record: record, activities: activities, pushToStartTypes: types, defaultTimeZone: zone, cappedSends: sends)
    }

    /// The delivery of a publish to a device; nil when there is none (or its state is none
    /// this version knows).
    static func delivery(_ db: Database, publishID: String, deviceSeq: Int) throws -> DeliveryFacts? {
        try db.query(ExplainStatements.delivery, [.text(publishID), .int(deviceSeq)]) { row -> DeliveryFacts? in
            guard let state = DeliveryState(rawValue: try row.int(0)) else { return nil }
            return DeliveryFacts(
                state: state, attempts: try row.int(1), reason: try row.optionalString(2),
                updatedAt: try row.double(3), nextAt: try row.double(4), dueAt: try row.optionalDouble(5), variant: try row.optionalString(6),
                token: try row.string(7), environment: try row.string(8), platform: PushPlatform(rawValue: try row.string(9)) ?? .apns,
                latency: try row.optionalDouble(10), earlierAttempts: EarlierAttempt.parse(try row.optionalString(11)),
                inDoubt: try row.bool(12))
        }.first ?? nil
    }

    static func previewFacts(
        _ db: Database, appID: String, deviceIDs: [String], userIDs: [String], limit: Int, now: Double
    ) throws -> PreviewFacts {
        var ids = deviceIDs
        for user in userIDs {
            ids += try db.query(ExplainStatements.userDeviceIDs, [.text(appID), .text(user)]) { try $0.string(0) }
        }
        var seen = Set<String>()
        ids = ids.filter { seen.insert($0).inserted }
        guard ids.count <= limit else {
            throw StoreError(
                .limitExceeded,
                "a preview shows at most \(limit) devices and these name \(ids.count)\(userIDs.isEmpty ? "" : " (with the users' devices)"): ask for fewer")
        }
        var facts = PreviewFacts(devices: [], unknown: [])
        for id in ids {
            guard let seq = try db.query(ExplainStatements.deviceSeq, [.text(appID), .text(id)], { try $0.int(0) }).first,
                let device = try deviceFacts(db, appID: appID, id: id, seq: seq, now: now)
            else {
                facts.unknown.append(id)
                continue
            }
            facts.devices.append(device)
        }
        return facts
    }

    // The facts nothing else kept, written as deliveries and devices change.

    /// An attempt answered with a retry, kept with its delivery (read before the retry
    /// statement changes the row's last change).
    static func keepEarlierAttempt(_ db: Database, _ seq: Int, reason: String, now: Double) throws {
        guard let claimedAt = try db.query(ExplainStatements.claimedAt, [.int(seq)], { try $0.double(0) }).first else { return }
        let attempt = EarlierAttempt(at: now, reason: reason, latency: max(0, now - claimedAt))
        try db.execute(ExplainStatements.addEarlierAttempt, [.text(attempt.line), .int(seq)])
    }
}

/// The public methods whose transaction and body are the same on both stores.
extension SQLStore {
    public func explanationFacts(appID: String, publishID: String, deviceID: String, now: Double) throws -> ExplanationFacts? {
        try snapshot { db in try Self.explanationFacts(db, appID: appID, publishID: publishID, deviceID: deviceID, now: now) }
    }

    public func previewFacts(appID: String, deviceIDs: [String], userIDs: [String], limit: Int, now: Double) throws -> PreviewFacts {
        try snapshot { db in try Self.previewFacts(db, appID: appID, deviceIDs: deviceIDs, userIDs: userIDs, limit: limit, now: now) }
    }
}
