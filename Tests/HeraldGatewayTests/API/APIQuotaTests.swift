import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldHTTP
@testable import HeraldStore

/// Storage quotas (`herald serve --max-…`): past one, 409 `quota_exceeded` naming the
/// limit, its value and the flag that raises it, and nothing is stored.
@Suite("API quotas")
struct APIQuotaTests {
    static func names(_ count: Int, _ prefix: String = "i") -> JSONValue { .array((0..<count).map { .string("\(prefix)\($0)") }) }

    func expectRefused(_ response: HTTPResponse, _ limit: DeviceQuota.Limit, value: Int, _ situation: String) {
        #expect(response.status == 409)
        #expect(response.errorCode == "quota_exceeded")
        #expect(response.errorMessage.contains(situation), "\(response.errorMessage)")
        #expect(response.errorMessage.contains("the quota is \(value) (herald serve \(limit.flag))"), "\(response.errorMessage)")
        #expect(response.errorMessage.contains("nothing was stored"), "\(response.errorMessage)")
    }

    @Test(
        "interests per device: 100 by default; 101 distinct ones are refused at registration and in PUT …/interests",
        arguments: StoreKind.tested)
    func interestsPerDevice(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let refused = h.send(
            "POST", h.devices, key: h.clientKey,
            json: ["token": .string(StoreFixture.token(1)), "environment": "production", "interests": Self.names(101)])
        expectRefused(refused, .interestsPerDevice, value: 100, "interests: 101 distinct interests for one device")
        #expect(try h.fixture.store.usage(appID: h.appID) == (0, 0), "not even the device was stored")
        let device = h.registered(1, interests: (0..<100).map { "i\($0)" })
        #expect(!device.id.isEmpty)
        let path = "\(h.devices)/\(device.id)/interests"
        expectRefused(
            h.send("PUT", path, key: device.key, json: ["interests": Self.names(101, "j")]), .interestsPerDevice, value: 100,
            "interests: 101 distinct interests")
        #expect(try h.fixture.store.device(appID: h.appID, id: device.id)?.interests.count == 100)
        #expect(try h.fixture.store.usage(appID: h.appID).subscriptions == 100)
        let repeated = JSONValue.array(Array(repeating: .string("same"), count: 150))
        #expect(h.send("PUT", path, key: device.key, json: ["interests": repeated]).status == 200, "repeats count once")
    }

    @Test(
        "devices per app: a new token past the quota is refused; a known token still registers; a deletion makes room",
        arguments: StoreKind.tested)
    func devicesPerApp(kind: StoreKind) throws {
        let h = try APIHarness(kind, quota: DeviceQuota(devicesPerApp: 3))
        let first = h.registered(0)
        for n in 1..<3 { #expect(h.register(n).status == 201) }
        expectRefused(h.register(3), .devicesPerApp, value: 3, "app \(h.appID) already has 3 devices")
        #expect(h.register(1).status == 200, "registering a known token again is not a new device")
        #expect(h.send("DELETE", "\(h.devices)/\(first.id)", key: first.key).status == 204)
        #expect(h.register(3).status == 201)
        #expect(try h.fixture.store.usage(appID: h.appID).devices == 3)
    }

    @Test("subscriptions per app: summed over the devices; a change that adds none is always allowed", arguments: StoreKind.tested)
    func subscriptionsPerApp(kind: StoreKind) throws {
        let h = try APIHarness(kind, quota: DeviceQuota(subscriptionsPerApp: 5))
        let a = h.registered(0, interests: ["a", "b", "c"])
        let b = h.registered(1, interests: ["a", "b"])
        expectRefused(
            h.register(2, interests: ["a"]), .subscriptionsPerApp, value: 5, "app \(h.appID) has 5 interest subscriptions")
        #expect(try h.fixture.store.usage(appID: h.appID) == (2, 5), "the refused device was not stored")
        #expect(h.register(2, interests: []).status == 201, "a device without interests adds no subscription")
        let setB = { (interests: [String]) in
            h.send("PUT", "\(h.devices)/\(b.id)/interests", key: b.key, json: ["interests": .array(interests.map(JSONValue.string))])
        }
        expectRefused(setB(["x", "y", "z"]), .subscriptionsPerApp, value: 5, "this would make 6")
        #expect(setB(["x", "y"]).status == 200, "a swap keeps the count")
        #expect(setB(["x"]).status == 200)
        #expect(
            h.send("PUT", "\(h.devices)/\(a.id)/interests", key: a.key, json: ["interests": ["a", "b", "c", "d"]]).status == 200)
        #expect(try h.fixture.store.usage(appID: h.appID) == (3, 5))
    }

    @Test("registrations at the same time cannot overshoot the devices quota", arguments: StoreKind.tested)
    func concurrent(kind: StoreKind) throws {
        let h = try APIHarness(kind, quota: DeviceQuota(devicesPerApp: 10))
        let statuses = Statuses()
        DispatchQueue.concurrentPerform(iterations: 40) { n in statuses.add(h.register(n).status) }
        #expect(statuses.all.filter { $0 == 201 }.count == 10)
        #expect(statuses.all.filter { $0 == 409 }.count == 30)
        #expect(try h.fixture.store.usage(appID: h.appID).devices == 10)
        let stored = try h.fixture.scalar("SELECT count(*) FROM devices WHERE app_id = ?", [.text(h.appID)])
        #expect(stored == 10)
    }

    final class Statuses: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Int] = []
        func add(_ status: Int) { lock.withLock { values.append(status) } }
        var all: [Int] { lock.withLock { values } }
    }

    /// A device of `h` the publish went to, its key, the publish and a receipt maker.
    static func sentPublish(_ h: APIHarness) throws -> (device: String, key: String, publish: String) {
        let (device, key) = h.registered(1)
        let publish = try #require(h.publish(["interests": ["news"], "notification": ["title": "x"]]).json?["publishId"]?.stringValue)
        try h.fixture.fanOutAll(now: h.clock.now)
        try h.fixture.deliverAll(now: h.clock.now)
        return (device, key, publish)
    }

    static func events(_ publish: String, _ device: String, _ kinds: [(String, String?)]) -> JSONValue {
        [
            "events": .array(
                kinds.map { kind, action in
                    var event: [String: JSONValue] = ["publishId": .string(publish), "deviceId": .string(device), "event": .string(kind), "at": 1]
                    if let action { event["actionId"] = .string(action) }
                    return .object(event)
                })
        ]
    }

    @Test("events per app: receipts past the quota are refused whole; duplicates pass", arguments: StoreKind.tested)
    func eventsPerApp(kind: StoreKind) throws {
        let h = try APIHarness(kind, quota: DeviceQuota(eventsPerApp: 2))
        let (device, key, publish) = try Self.sentPublish(h)
        let path = "/v1/apps/\(h.appID)/events"
        let first = Self.events(publish, device, [("delivered", nil), ("opened", nil)])
        #expect(h.send("POST", path, key: key, json: first).json?["accepted"] == 2)
        expectRefused(
            h.send("POST", path, key: key, json: Self.events(publish, device, [("dismissed", nil)])), .eventsPerApp, value: 2,
            "app \(h.appID) stores 2 receipts and these 1 would make 3")
        #expect(try h.fixture.store.eventCount(appID: h.appID) == 2)
        #expect(h.send("POST", path, key: key, json: first).json?["duplicates"] == 2)
    }

    @Test("actions per delivery: the 11th different actionId is 409 limit_exceeded and its request is not stored", arguments: StoreKind.tested)
    func actionsPerDelivery(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let (device, key, publish) = try Self.sentPublish(h)
        let path = "/v1/apps/\(h.appID)/events"
        let ten = Self.events(publish, device, (1...10).map { ("action", "a\($0)") })
        #expect(h.send("POST", path, key: key, json: ten).json?["accepted"] == 10)
        let refused = h.send("POST", path, key: key, json: Self.events(publish, device, [("opened", nil), ("action", "a11")]))
        #expect(refused.status == 409)
        #expect(refused.errorCode == "limit_exceeded")
        #expect(refused.errorMessage.contains("already reported 10 different actionIds for publish \(publish)"), "\(refused.errorMessage)")
        #expect(try h.fixture.store.eventCount(appID: h.appID) == 10, "the opened receipt was not stored either")
        #expect(h.send("POST", path, key: key, json: ten).json?["duplicates"] == 10)
    }
}
