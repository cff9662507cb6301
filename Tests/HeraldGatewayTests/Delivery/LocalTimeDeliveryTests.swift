import Foundation
import HeraldCore
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
        #expect(h.status(id)?["failed"] == 0, "New York's delivery, a day after the first zone's, has not expired")
    }

    @Test("a device without a zone is sent at the time in the app's default zone", arguments: StoreKind.tested)
    func defaultZone(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        try h.api.fixture.execute("UPDATE apps SET default_time_zone = 'Pacific/Auckland' WHERE id = ?", [.text(h.api.appID)])
        let tokens = try await Self.devices(h, zones: ["Europe/Berlin", nil])
        _ = try h.publish([
            "interests": ["news"], "notification": ["title": "Kia ora"], "options": ["sendAt": ["localTime": "09:00", "date": .string(Self.date)]],
        ])
        await Self.expectSent(
            h, [(try Self.nineOClock(in: "Europe/Berlin"), [tokens[0]]), (try Self.nineOClock(in: "Pacific/Auckland"), [tokens[1]])])
    }
}
