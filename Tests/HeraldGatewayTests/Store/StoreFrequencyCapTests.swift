import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// `options.frequencyCap`, applied where deliveries are claimed: a device receives a capped
/// publish only if fewer than `max` capped publishes reached it within the window.
@Suite("Store: frequency caps")
struct StoreFrequencyCapTests {
    static let twoPerHour = FrequencyCap(max: 2, window: 3600)

    /// Each publish's counts by id.
    static func counts(_ fixture: StoreFixture, _ ids: [String]) throws -> [PublishCounts] {
        try ids.map { try #require(try fixture.store.publish(appID: fixture.appID, id: $0)).counts }
    }

    @Test(
        "three capped publishes to three devices at a cap of two: two sent and one capped per device, counted everywhere",
        arguments: StoreKind.tested)
    func capsPerDevice(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.register(3)
        let capped = try (0..<3).map { _ in try fixture.publish(.interests(["news"]), cap: Self.twoPerHour) }
        let free = try fixture.publish(.interests(["news"]))
        try fixture.fanOutAll()
        let jobs = try fixture.deliverAll()
        #expect(jobs.count == 12, "capped deliveries are claimed too, marked")
        #expect(jobs.filter(\.capped).count == 3)
        #expect(Set(jobs.filter(\.capped).map(\.publishID)).isSubset(of: Set(capped)))
        for device in Set(jobs.compactMap(\.deviceID)) {
            let mine = jobs.filter { $0.deviceID == device && $0.publishID != free }
            #expect(mine.filter { !$0.capped }.count == 2, "each device receives two capped publishes")
        }
        let counts = try Self.counts(fixture, capped)
        #expect(counts.map(\.sent).reduce(0, +) == 6)
        #expect(counts.map(\.capped).reduce(0, +) == 3)
        #expect(counts.allSatisfy { $0.targeted == $0.sent + $0.capped })
        #expect(try Self.counts(fixture, [free])[0].sent == 3, "an uncapped publish neither is capped nor counts")
        for id in capped {
            let publish = try #require(try fixture.store.publish(appID: fixture.appID, id: id))
            #expect(publish.status == .done)
            #expect(publish.options.frequencyCap == Self.twoPerHour)
            #expect(publish.byPlatform[.apns]?.capped == publish.counts.capped)
            let timeline = try #require(try fixture.store.publishTimeline(appID: fixture.appID, publishID: id, now: 4e9, maxBuckets: 1))
            #expect(timeline.counts[.capped]?.reduce(0, +) == publish.counts.capped)
        }
        #expect(try fixture.scalar("SELECT count(*) FROM deliveries WHERE state = 6") == 3)
    }

    @Test("the window slides: once the earlier sends are older than it, the device receives again", arguments: StoreKind.tested)
    func windowSlides(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.register(1)
        let cap = FrequencyCap(max: 1, window: 600)
        _ = try fixture.publish(.interests(["news"]), cap: cap)
        try fixture.fanOutAll()
        #expect(try fixture.deliverAll(now: 1_000).filter(\.capped).isEmpty)
        let within = try fixture.publish(.interests(["news"]), cap: cap, now: 1_300)
        try fixture.fanOutAll(now: 1_300)
        #expect(try fixture.deliverAll(now: 1_599).map(\.capped) == [true], "599 s later: still within the window")
        let after = try fixture.publish(.interests(["news"]), cap: cap, now: 1_600)
        try fixture.fanOutAll(now: 1_600)
        #expect(try fixture.deliverAll(now: 1_600).map(\.capped) == [false], "600 s later: the first send left the window")
        #expect(try Self.counts(fixture, [within, after]).map(\.capped) == [1, 0])
    }

    @Test("a retried delivery does not count against itself; one that finally fails gives its place back", arguments: StoreKind.tested)
    func retriesAndFailures(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.register(1)
        let cap = FrequencyCap(max: 1, window: 3600)
        let first = try fixture.publish(.interests(["news"]), cap: cap)
        try fixture.fanOutAll()
        let claimed = try fixture.store.claimDeliveries(appID: fixture.appID, now: 1_000, limit: 10)
        try fixture.store.completeDeliveries(
            claimed.map { DeliveryResult(seq: $0.seq, outcome: .retry(reason: "TooManyRequests", retryAt: 1_010)) }, now: 1_000)
        #expect(try fixture.deliverAll(.failed(reason: "BadTopic"), now: 1_010).map(\.capped) == [false], "the retry is sent")
        let second = try fixture.publish(.interests(["news"]), cap: cap, now: 1_020)
        try fixture.fanOutAll(now: 1_020)
        #expect(try fixture.deliverAll(now: 1_020).map(\.capped) == [false], "the failed one did not reach the device")
        let third = try fixture.publish(.interests(["news"]), cap: cap, now: 1_030)
        try fixture.fanOutAll(now: 1_030)
        #expect(try fixture.deliverAll(now: 1_030).map(\.capped) == [true])
        #expect(
            try Self.counts(fixture, [first, second, third]).map { [$0.sent, $0.failed, $0.capped] } == [
                [0, 1, 0], [1, 0, 0], [0, 0, 1],
            ])
    }

    @Test("deliveries to raw tokens are not capped; sends past every window are pruned", arguments: StoreKind.tested)
    func tokensAndPruning(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let cap = FrequencyCap(max: 1, window: 60)
        for n in 0..<2 { _ = try fixture.publish(.tokens([StoreFixture.token(90)]), cap: cap, now: 1_000 + Double(n)) }
        try fixture.fanOutAll()
        #expect(try fixture.deliverAll().map(\.capped) == [false, false])
        try fixture.register(1)
        _ = try fixture.publish(.interests(["news"]), cap: cap)
        try fixture.fanOutAll()
        try fixture.deliverAll()
        #expect(try fixture.scalar("SELECT count(*) FROM capped_sends") == 1)
        let largest = Double(FrequencyCap.windowRange.upperBound)
        _ = try fixture.store.pruneFinished(before: 1_000 + largest, limit: 100)
        #expect(try fixture.scalar("SELECT count(*) FROM capped_sends") == 1, "retention keeps what a window may still count")
        _ = try fixture.store.pruneFinished(before: 1_001 + largest, limit: 100)
        #expect(try fixture.scalar("SELECT count(*) FROM capped_sends") == 0)
    }
}
