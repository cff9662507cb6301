import Foundation
import HeraldCore
import HeraldShared
@testable import HeraldStore
import HeraldTestSupport
import Testing
@testable import HeraldGateway

/// Publishes at a local time: each device receives it at that time in its own zone. The
/// harness's clock starts at 2027-01-15T08:00:00Z; the publish is for 09:00 on 2027-01-16.
@Suite("Delivery engine: local time")
@MainActor
struct LocalTimeDeliveryTests {
    static let date = "2027-01-16"

    /// 09:00 on `date` in `zone`, by Foundation's calendar.
    static func nineOClock(in zone: String) throws -> Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        let day = DateComponents(year: 2027, month: 1, day: 16, hour: 9, minute: 0)
        return try #require(calendar.date(from: day)).timeIntervalSince1970
    }

    /// Devices 0..<zones.count, device n in zones[n] (`nil`: none).
    static func devices(_ h: EngineHarness, zones: [String?]) async throws -> [String] {
        let tokens = try await h.register(0..<zones.count)
        for (token, zone) in zip(tokens, zones) {
            try h.api.fixture.execute("UPDATE devices SET time_zone = ? WHERE token = ?", [zone.map { .text($0) } ?? .null, .text(token)])
        }
        return tokens
    }

    /// Runs the engine to one second before each instant (nothing new sent) and to the
    /// instant (its devices' sent), in order.
    static func expectSent(_ h: EngineHarness, _ expected: [(at: Double, tokens: Set<String>)]) async {
        var sent: Set<String> = []
        for (at, tokens) in expected.sorted(by: { $0.at < $1.at }) {
            await h.advance(by: at - 1 - h.now)
            #expect(Set(h.deliverer.sent.map(\.deviceToken)) == sent, "nothing more before \(at)")
            await h.advance(by: 1)
            sent.formUnion(tokens)
            #expect(Set(h.deliverer.sent.map(\.deviceToken)) == sent, "sent at \(at)")
        }
        #expect(h.deliverer.sent.count == sent.count, "each device once")
    }

    @Test(
        "devices in three zones and one without: each is sent at 09:00 in its own zone (UTC for none), not before; its ttl counts from there",
        arguments: StoreKind.tested)
    func eachZoneAtItsHour(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        let zones = ["Asia/Tokyo", "Europe/Berlin", "America/New_York", nil]
        let tokens = try await Self.devices(h, zones: zones)
        let id = try h.publish([
            "interests": ["news"], "notification": ["title": "Good morning"],
            "options": ["sendAt": ["localTime": "09:00", "date": .string(Self.date)], "ttl": 600],
        ])
        await h.engine.runUntilIdle()
        #expect(h.status(id)?["status"] == "scheduled")
        let expected = try zip(zones, tokens).map { zone, token in (at: try Self.nineOClock(in: zone ?? "UTC"), tokens: Set([token])) }
        await Self.expectSent(h, expected)
        #expect(h.status(id)?["status"] == "done")
        #expect(h.status(id)?["sent"] == 4)
        #expect(
            h.status(id)?["failed"] == 0,
            "with a ttl of 600 s, New York's delivery, 19 hours after the first zone's instant, has not expired")
    }

    @Test(
        "a device without a zone is sent at the time in the app's default zone, once set (an unknown zone is refused)",
        arguments: StoreKind.tested)
    func defaultZone(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        #expect(throws: ValidationError.self) {
            try AppProvisioning.setDefaultTimeZone(store: h.store, appID: h.api.appID, zone: "Mars/Olympus")
        }
        try AppProvisioning.setDefaultTimeZone(store: h.store, appID: h.api.appID, zone: "Pacific/Auckland")
        #expect(try h.store.app(id: h.api.appID)?.defaultTimeZone == "Pacific/Auckland")
        let tokens = try await Self.devices(h, zones: ["Europe/Berlin", nil])
        _ = try h.publish([
            "interests": ["news"], "notification": ["title": "Kia ora"],
            "options": ["sendAt": ["localTime": "09:00", "date": .string(Self.date)]],
        ])
        await Self.expectSent(
            h, [(try Self.nineOClock(in: "Europe/Berlin"), [tokens[0]]), (try Self.nineOClock(in: "Pacific/Auckland"), [tokens[1]])])
    }

    @Test(
        "cancelled half-way: the zones still waiting are never sent, counted as failed (Cancelled); the status shows each zone's progress",
        arguments: StoreKind.tested)
    func cancelHalfWay(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        let zones = ["Asia/Tokyo", "Europe/Berlin", "America/New_York", nil]
        let tokens = try await Self.devices(h, zones: zones)
        let id = try h.publish([
            "interests": ["news"], "notification": ["title": "Good morning"],
            "options": ["sendAt": ["localTime": "09:00", "date": .string(Self.date)]],
        ])
        await h.advance(by: try Self.nineOClock(in: "Europe/Berlin") - h.now)
        #expect(Set(h.deliverer.sent.map(\.deviceToken)) == Set(tokens[0..<2]))
        let progress = h.status(id)?["byTimeZone"]
        let tokyo = progress?["Asia/Tokyo"]
        #expect(tokyo?["dueAt"]?.doubleValue == (try Self.nineOClock(in: "Asia/Tokyo")))
        #expect([tokyo?["targeted"], tokyo?["sent"], tokyo?["waiting"]] == [1, 1, 0])
        #expect(progress?["America/New_York"]?["waiting"] == 1)
        #expect(
            progress?["UTC"]?["dueAt"]?.doubleValue == (try Self.nineOClock(in: "UTC")), "a device without a zone is in the default one")
        let cancelled = h.api.send("DELETE", h.api.publishes + "/" + id, key: h.api.serverKey)
        #expect(cancelled.status == 200, "\(cancelled.errorMessage)")
        await h.advance(by: try Self.nineOClock(in: "America/New_York") + 60 - h.now)
        #expect(h.deliverer.sent.count == 2, "the later zones are never sent")
        let status = h.status(id)
        #expect(status?["status"] == "cancelled")
        #expect(status?["sent"] == 2)
        #expect(status?["failed"] == 2)
        #expect(status?["failures"] == ["Cancelled": 2])
        #expect(status?["byTimeZone"]?["America/New_York"]?["waiting"] == 0)
        let again = h.api.send("DELETE", h.api.publishes + "/" + id, key: h.api.serverKey)
        #expect(again.status == 409, "a cancelled publish is not cancelled again")
    }
}
