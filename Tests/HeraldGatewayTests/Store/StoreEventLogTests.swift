import Foundation
import HeraldShared
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("Store: the event log")
struct StoreEventLogTests {
    /// Every event of the app, read `page` at a time from the start.
    static func all(_ fixture: StoreFixture, page: Int = 1000) throws -> [LoggedEvent] {
        var events: [LoggedEvent] = []
        var cursor = EventCursor.start
        while true {
            let next = try fixture.store.events(appID: fixture.appID, after: cursor, limit: page)
            events += next
            guard let last = next.last else { return events }
            cursor = last.cursor
        }
    }

    static func data(_ event: LoggedEvent) throws -> [String: JSONValue] {
        try JSONParser().parse(event.data).objectValue ?? [:]
    }

    @Test("each fact writes its event with it: registrations, a publish and its deliveries' final states, receipts, deletions", arguments: StoreKind.tested)
    func facts(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = fixture.store
        let devices = try fixture.register(3, user: "maya")
        let publish = try fixture.publish(.interests(["news"]))
        try fixture.fanOutAll()
        let jobs = try store.claimDeliveries(appID: fixture.appID, now: 1_001, limit: 10)
        #expect(jobs.count == 3)
        // A receipt that arrives while its delivery is in flight is held, and told once counted.
        let held = try store.recordEvents(
            appID: fixture.appID, [DeviceEvent(publishID: publish, deviceID: devices[0], kind: .opened, at: 1_001)], quota: .unlimited)
        #expect(held.pending == 1)
        try store.completeDeliveries(
            [
                DeliveryResult(seq: jobs[0].seq, outcome: .sent(apnsID: "AAAA-1")),
                DeliveryResult(seq: jobs[1].seq, outcome: .failed(reason: "PayloadTooLarge")),
                DeliveryResult(seq: jobs[2].seq, outcome: .invalidated(DeadToken(reason: "Unregistered", since: 1_001))),
            ], now: 1_002)
        _ = try store.recordEvents(
            appID: fixture.appID,
            [
                DeviceEvent(publishID: publish, deviceID: devices[0], kind: .delivered, at: 1_003),
                DeviceEvent(publishID: publish, deviceID: devices[0], kind: .action, actionID: "like", at: 1_004),
                DeviceEvent(publishID: publish, deviceID: devices[1], kind: .opened, at: 1_004),  // not sent: not counted, not told
            ], quota: .unlimited)
        #expect(try store.deleteDevice(appID: fixture.appID, deviceID: devices[0], now: 1_005))
        _ = try store.deleteUser(appID: fixture.appID, userID: "maya", now: 1_006)

        let events = try Self.all(fixture, page: 2)
        #expect(
            events.map(\.type) == [
                "device.registered", "device.registered", "device.registered", "publish.created",
                "device.invalidated", "delivery.sent", "delivery.failed", "delivery.invalidated", "receipt.opened", "publish.completed",
                "receipt.delivered", "receipt.action", "device.deleted", "user.deleted",
            ])
        #expect(Set(events.map(\.id)).count == events.count, "ids are unique")
        #expect(events.allSatisfy { $0.id.hasPrefix("evt_") })
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.cursor < $1.cursor }, "in log order")
        let byType = Dictionary(events.map { ($0.type, $0) }, uniquingKeysWith: { first, _ in first })
        let sent = try Self.data(try #require(byType["delivery.sent"]))
        #expect(sent["publishId"] == .string(publish))
        #expect(sent["deviceId"] == .string(devices[0]))
        #expect(sent["userId"] == .string("maya"))
        #expect(sent["platform"] == .string("apns"))
        #expect(sent["apnsId"] == .string("AAAA-1"))
        #expect(try Self.data(try #require(byType["delivery.failed"]))["reason"] == .string("PayloadTooLarge"))
        #expect(try Self.data(try #require(byType["delivery.invalidated"]))["reason"] == .string("Unregistered"))
        let invalidated = try Self.data(try #require(byType["device.invalidated"]))
        #expect(invalidated["deviceId"] == .string(devices[2]))
        #expect(invalidated["since"] == .string("1970-01-01T00:16:41.000Z"))
        let completed = try Self.data(try #require(byType["publish.completed"]))
        #expect(completed["targeted"] == .int(3))
        #expect(completed["sent"] == .int(1))
        #expect(completed["failed"] == .int(1))
        #expect(completed["invalidated"] == .int(1))
        #expect(completed["capped"] == .int(0))
        #expect(
            completed["byPlatform"]
                == .object(["apns": .object(["targeted": 3, "sent": 1, "failed": 1, "invalidated": 1, "capped": 0])]))
        #expect(try Self.data(try #require(byType["receipt.action"]))["actionId"] == .string("like"))
        #expect(try Self.data(try #require(byType["user.deleted"]))["userId"] == .string("maya"))
        let json = try JSONParser().parse(events[0].json).objectValue ?? [:]
        #expect(json["id"] == .string(events[0].id))
        #expect(json["type"] == .string("device.registered"))
        #expect(json["timestamp"] == .string("1970-01-01T00:16:40.000Z"))
        #expect(json["data"]?.objectValue?["deviceId"] == .string(devices[0]))
        #expect(try store.events(appID: "app_other", after: .start, limit: 10).isEmpty, "another app's log")
        #expect(try store.eventLogEnd(appID: fixture.appID) == events.last?.cursor)
        #expect(EventCursor(text: events[3].cursor.text) == events[3].cursor)
        #expect(EventCursor(text: "ec1_x") == nil && EventCursor(text: "12") == nil)
    }

    @Test("a fact rolled back leaves no event: a refused registration writes nothing", arguments: StoreKind.tested)
    func rolledBack(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.register(1)
        #expect(throws: StoreError.self) { try fixture.register(1, from: 1, quota: DeviceQuota(devicesPerApp: 1)) }
        #expect(try Self.all(fixture).map(\.type) == ["device.registered"])
    }

    @Test("the events a process committed are counted by app; a refused write counts none", arguments: StoreKind.tested)
    func counted(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let app = "app_count_" + UUID().uuidString.prefix(8).lowercased()
        try fixture.store.createApp(
            AppRecord(id: app, name: "Count", bundleID: "com.example.count", serverKeyHash: "s", clientKeyHash: "c", createdAt: 1))
        for n in 0..<2 {
            _ = try fixture.store.registerDevice(
                appID: app, DeviceRegistration(token: StoreFixture.token(n), environment: .production), quota: DeviceQuota(devicesPerApp: 2),
                now: 1_000)
        }
        #expect(throws: StoreError.self) {
            _ = try fixture.store.registerDevice(
                appID: app, DeviceRegistration(token: StoreFixture.token(9), environment: .production), quota: DeviceQuota(devicesPerApp: 2),
                now: 1_000)
        }
        #expect(EventLogCounter.totals()[app] == 2, "two registrations committed; the third refused")
    }

    @Test("capped and cancelled deliveries tell their final state; a cancel tells publish.cancelled", arguments: StoreKind.tested)
    func cappedAndCancelled(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.register(1)
        let cap = FrequencyCap(max: 1, window: 3600)
        _ = try fixture.publish(.interests(["news"]), cap: cap)
        try fixture.fanOutAll()
        try fixture.deliverAll()
        _ = try fixture.publish(.interests(["news"]), cap: cap)
        try fixture.fanOutAll()
        try fixture.deliverAll()
        let scheduled = try fixture.publish(.interests(["news"]), sendAt: 5_000)
        _ = try fixture.store.cancelPublish(appID: fixture.appID, id: scheduled, now: 1_010)
        let types = try Self.all(fixture).map(\.type)
        #expect(types.filter { $0.hasPrefix("delivery.") } == ["delivery.sent", "delivery.capped"])
        #expect(types.last == "publish.cancelled")
        #expect(types.filter { $0 == "publish.completed" }.count == 2)
    }

    @Test("a user deleted while a delivery to them waits: that delivery's delivery.failed (UserDeleted) comes before user.deleted", arguments: StoreKind.tested)
    func userDeletedWhileWaiting(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let device = try fixture.register(1, user: "sam")[0]
        _ = try fixture.publish(.interests(["news"]))
        try fixture.fanOutAll()
        _ = try fixture.store.deleteUser(appID: fixture.appID, userID: "sam", now: 1_010)
        let events = try Self.all(fixture)
        #expect(Array(events.map(\.type).suffix(3)) == ["delivery.failed", "publish.completed", "user.deleted"])
        let failed = try Self.data(try #require(events.first { $0.type == "delivery.failed" }))
        #expect(failed["reason"] == .string("UserDeleted"))
        #expect(failed["deviceId"] == .string(device))
    }

    @Test("a delivery's data written without a dictionary is the JSON the writer would write, escaped where it must be")
    func directJSON() throws {
        let pairs = [("apnsId", "A-1"), ("deviceId", "dev_1"), ("platform", "apns"), ("publishId", "pub_1"), ("reason", "say \"hi\"\n\\ é")]
        let direct = NewEvent.object(pairs)
        let written = JSONWriter.serialize(.object(Dictionary(uniqueKeysWithValues: pairs.map { ($0.0, JSONValue.string($0.1)) })))
        #expect(direct == written)
        #expect(try JSONParser().parse(direct).objectValue?["reason"] == .string("say \"hi\"\n\\ é"))
    }

    @Test("retention deletes the oldest events, a bounded number at a time", arguments: StoreKind.tested)
    func retention(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.register(3, now: 1_000)
        try fixture.register(2, from: 3, now: 2_000)
        #expect(try fixture.store.pruneEvents(before: 1_500, limit: 2) == 2)
        #expect(try fixture.store.pruneEvents(before: 1_500, limit: 2) == 1)
        #expect(try fixture.store.pruneEvents(before: 1_500, limit: 2) == 0)
        #expect(try Self.all(fixture).count == 2)
    }
}

@Suite("Store: the event log on PostgreSQL")
struct PostgresEventLogTests {
    @Test("an app's events are numbered in commit order: one logged first and committed last comes after, never before a cursor")
    func commitOrder() throws {
        guard StoreKind.tested.contains(.postgres) else { return }
        let fixture = try StoreFixture(.postgres)
        let store = try #require(fixture.store as? PostgresStore)
        let began = DispatchSemaphore(value: 0), go = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let appID = fixture.appID
        Thread {
            try? store.write { db in
                try PostgresStore.logEvent(db, appID: appID, NewEvent(.deviceDeleted, at: 1_000, ["deviceId": "dev_early"]))
                began.signal()
                go.wait()
            }
            done.signal()
        }.start()
        began.wait()
        try fixture.register(1)
        let first = try store.events(appID: appID, after: .start, limit: 10)
        #expect(first.map(\.type) == ["device.registered"])
        go.signal()
        done.wait()
        let next = try store.events(appID: appID, after: try #require(first.last).cursor, limit: 10)
        #expect(next.map(\.type) == ["device.deleted"], "the later commit follows the cursor")
    }
}
