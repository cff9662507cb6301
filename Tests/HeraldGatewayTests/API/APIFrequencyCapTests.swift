import Foundation
import HeraldShared
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("API: frequency caps")
struct APIFrequencyCapTests {
    static func body(_ cap: JSONValue, target: [String: JSONValue] = ["interests": ["news"]]) -> JSONValue {
        var body = target
        body["notification"] = ["title": "x"]
        body["options"] = ["frequencyCap": cap]
        return .object(body)
    }

    @Test(
        "a frequency cap out of range or malformed is refused with the field named",
        arguments: StoreKind.tested,
        [
            (body(["max": 0, "window": 3600]), "options.frequencyCap.max: 0 is not 1 to 1000"),
            (body(["max": 1001, "window": 3600]), "options.frequencyCap.max: 1001 is not 1 to 1000"),
            (body(["max": 2, "window": 59]), "options.frequencyCap.window: 59 is not 60 to 2592000 seconds"),
            (body(["max": 2, "window": 2_592_001]), "options.frequencyCap.window: 2592001 is not 60 to 2592000 seconds"),
            (body(["max": 2.5, "window": 3600]), "options.frequencyCap.max: expected an integer"),
            (body(["window": 3600]), "options.frequencyCap.max: is required"),
            (body(["max": 2]), "options.frequencyCap.window: is required"),
            (body(["max": 2, "window": 3600, "per": "day"]), "options.frequencyCap.per: unknown field"),
            (body(2), "options.frequencyCap: expected a JSON object"),
            (body(["max": 2, "window": 3600], target: ["channels": ["ch_1"]]), "options.frequencyCap: applies to deliveries to devices"),
        ] as [(JSONValue, String)])
    func validation(kind: StoreKind, example: (JSONValue, String)) throws {
        try APIHarness(kind).expectPublishRefused(example.0, example.1)
    }

    @Test("the status shows the cap and how many deliveries it held back, in all and by platform", arguments: StoreKind.tested)
    func status(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        _ = h.registered(1)
        let cap: JSONValue = ["max": 1, "window": 86_400]
        let ids = try (0..<2).map { _ in try #require(h.publish(Self.body(cap)).json?["publishId"]?.stringValue) }
        try h.fixture.fanOutAll(now: h.clock.now)
        try h.fixture.deliverAll(now: h.clock.now)
        let statuses = ids.map { h.send("GET", h.publishes + "/" + $0, key: h.serverKey).json }
        #expect(statuses.map { $0?["frequencyCap"] } == [cap, cap])
        #expect(statuses.map { $0?["sent"] } == [1, 0])
        #expect(statuses.map { $0?["capped"] } == [0, 1])
        #expect(statuses.map { $0?["byPlatform"]?["apns"]?["capped"] } == [0, 1])
        #expect(statuses.map { $0?["status"] } == ["done", "done"])
        let free = try #require(h.publish(["interests": ["news"], "notification": ["title": "x"]]).json?["publishId"]?.stringValue)
        #expect(h.send("GET", h.publishes + "/" + free, key: h.serverKey).json?["frequencyCap"] == nil)
    }
}
