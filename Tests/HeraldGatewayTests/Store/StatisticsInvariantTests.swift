import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldCore
import HeraldTestSupport
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// Publish statistics stay honest whatever happens in whatever order: random claims,
/// APNs answers (accepted, retry, refused, dead token), restarts that put in-flight
/// deliveries back, other publishes under the same frequency cap (one per device) reaching
/// devices first, and receipts from targeted, untargeted and made-up devices, sent early,
/// late and twice. After every step the store's counts equal a model's, and:
/// targeted = sent + failed + invalidated + capped + pending; delivered ≤ sent; opened ≤ sent;
/// each receipt kind counts once per device.
@Suite("Statistics invariants (random sequences)")
struct StatisticsInvariantTests {
    /// What the statistics must say, kept beside the store.
    struct Model {
        var state: [String: DeliveryState] = [:]  // device id -> its delivery's state
        var reported: [String: Set<DeviceEvent.Kind>] = [:]  // receipts recorded (counted or held)
        var reached: [String: Set<String>] = [:]  // device id -> the capped publishes holding a place there

        /// A claimed delivery under the cap of one: capped if another publish holds the
        /// device's place, else it holds it. Whether it was capped.
        mutating func claim(_ job: DeliveryJob) -> Bool {
            let device = job.deviceID ?? ""
            guard reached[device, default: []].subtracting([job.publishID]).isEmpty else { return true }
            reached[device, default: []].insert(job.publishID)
            return false
        }

        func count(_ kind: DeviceEvent.Kind) -> Int {
            reported.filter { $0.value.contains(kind) && state[$0.key] == .sent }.count
        }
    }

    @Test("over 40 random runs of 60 steps the counts match the model and the invariants hold", arguments: StoreKind.tested, 0..<40)
    func randomRun(kind: StoreKind, seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 17)
        let fixture = try StoreFixture(kind)
        let devices = try fixture.register(12)
        let outsider = try fixture.register(1, from: 50, interests: ["other"])[0]
        let cap = FrequencyCap(max: 1, window: 3600)
        let publish = try fixture.publish(.interests(["news"]), cap: cap)
        try fixture.fanOutAll()
        var model = Model()
        for device in devices { model.state[device] = .pending }
        var now = 1_000.0
        var inFlight: [DeliveryJob] = []
        for _ in 0..<60 {
            now += 1
            switch Int.random(in: 0..<10, using: &random) {
            case 0...2:
                let claimed = try fixture.store.claimDeliveries(
                    appID: fixture.appID, now: now, limit: Int.random(in: 1...5, using: &random))
                for job in claimed.sorted(by: { $0.seq < $1.seq }) {
                    let capped = model.claim(job)
                    #expect(job.capped == capped, "seed \(seed)")
                    if job.publishID == publish { model.state[job.deviceID ?? ""] = capped ? .capped : .inFlight }
                    if !capped { inFlight.append(job) }
                }
            case 3...5 where !inFlight.isEmpty:
                let count = Int.random(in: 1...inFlight.count, using: &random)
                let done = Array(inFlight.prefix(count))
                inFlight.removeFirst(count)
                var results: [DeliveryResult] = []
                for job in done {
                    let device = job.deviceID ?? ""
                    guard job.publishID == publish else {
                        // Another capped publish: sent.
                        results.append(DeliveryResult(seq: job.seq, outcome: .sent(apnsID: nil)))
                        continue
                    }
                    switch Int.random(in: 0..<6, using: &random) {
                    case 0...2:
                        results.append(DeliveryResult(seq: job.seq, outcome: .sent(apnsID: nil)))
                        model.state[device] = .sent
                    case 3:
                        results.append(DeliveryResult(seq: job.seq, outcome: .retry(reason: "TooManyRequests", retryAt: now)))
                        model.state[device] = .pending
                    case 4:
                        results.append(DeliveryResult(seq: job.seq, outcome: .failed(reason: "BadTopic")))
                        model.state[device] = .failed
                        model.reached[device]?.remove(publish)
                    default:
                        results.append(DeliveryResult(seq: job.seq, outcome: .invalidated(DeadToken(.unregistered()))))
                        model.state[device] = .invalidated
                        model.reached[device]?.remove(publish)
                    }
                }
                // Answers can come twice (a repeat is ignored).
                try fixture.store.completeDeliveries(results, now: now)
                if Bool.random(using: &random) { try fixture.store.completeDeliveries(results, now: now) }
            case 6 where !inFlight.isEmpty:
                // A restart: in-flight deliveries go back to pending.
                _ = try fixture.store.recoverInFlight(now: 1_000, lease: 30)
                for job in inFlight where job.publishID == publish { model.state[job.deviceID ?? ""] = .pending }
                inFlight = []
            case 7:
                // Another publish under the same cap, to one device, due now.
                let device = devices.randomElement(using: &random) ?? ""
                _ = try fixture.publish(.devices([device]), cap: cap, now: now)
                try fixture.fanOutAll(now: now)
            default:
                let pool = devices + [outsider, "dev_made_up"]
                let events = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                    let kind = [DeviceEvent.Kind.delivered, .opened, .dismissed].randomElement(using: &random) ?? .opened
                    return DeviceEvent(
                        publishID: publish, deviceID: pool.randomElement(using: &random) ?? "", kind: kind, at: now)
                }
                let tally = try fixture.store.recordEvents(appID: fixture.appID, events)
                #expect(tally.accepted + tally.duplicates + tally.pending + tally.notTargeted + tally.notSent == events.count)
                for event in events {
                    switch model.state[event.deviceID] {
                    case .pending?, .inFlight?, .sent?: model.reported[event.deviceID, default: []].insert(event.kind)
                    default: break
                    }
                }
            }
            try check(fixture, publish: publish, model: model, seed: seed)
        }
    }

    private func check(_ fixture: StoreFixture, publish: String, model: Model, seed: Int) throws {
        let record = try #require(try fixture.store.publish(appID: fixture.appID, id: publish))
        let counts = record.counts
        // The counters by platform, kept as deliveries change state, are what the deliveries
        // themselves count, and add up to the totals.
        let counted = try fixture.scalar(
            """
            SELECT count(*) * 10000 + sum(CASE WHEN state = 2 THEN 1 ELSE 0 END) * 1000 + sum(CASE WHEN state = 3 THEN 1 ELSE 0 END) * 100
            + sum(CASE WHEN state = 4 THEN 1 ELSE 0 END) * 10 + sum(CASE WHEN state = 6 THEN 1 ELSE 0 END) FROM deliveries WHERE publish_id = ?
            """, [.text(publish)])
        let split = try #require(record.byPlatform[.apns], "seed \(seed)")
        #expect(record.byPlatform.count == 1, "seed \(seed)")
        let kept: Int = split.targeted * 10000 + split.sent * 1000 + split.failed * 100 + split.invalidated * 10 + split.capped
        #expect(kept == counted, "seed \(seed): \(split)")
        let splitCounters: [Int] = [split.targeted, split.sent, split.failed, split.invalidated, split.capped]
        let totalCounters: [Int] = [counts.targeted, counts.sent, counts.failed, counts.invalidated, counts.capped]
        #expect(splitCounters == totalCounters, "seed \(seed)")
        let pending = try fixture.scalar("SELECT count(*) FROM deliveries WHERE publish_id = ? AND state IN (0, 1)", [.text(publish)]) ?? -1
        #expect(counts.invalidated == model.state.values.filter { $0 == .invalidated }.count, "seed \(seed)")
        #expect(counts.targeted == counts.sent + counts.failed + counts.invalidated + counts.capped + pending, "seed \(seed)")
        #expect(counts.delivered <= counts.sent && counts.opened <= counts.sent, "seed \(seed)")
        #expect(counts.sent == model.state.values.filter { $0 == .sent }.count, "seed \(seed)")
        #expect(counts.failed == model.state.values.filter { $0 == .failed }.count, "seed \(seed)")
        #expect(counts.capped == model.state.values.filter { $0 == .capped }.count, "seed \(seed)")
        #expect(counts.delivered == model.count(.delivered), "seed \(seed)")
        #expect(counts.opened == model.count(.opened), "seed \(seed)")
        // The history (the console's timeline) adds up to the counters, whatever the order of events.
        let timeline = try #require(try fixture.store.publishTimeline(appID: fixture.appID, publishID: publish, now: 4e9, maxBuckets: 1))
        let totals = Dictionary(uniqueKeysWithValues: timeline.counts.map { ($0.key, $0.value.reduce(0, +)) })
        let expected: [PublishTimeline.Series: Int] = [
            .sent: counts.sent, .failed: counts.failed, .invalidated: counts.invalidated, .capped: counts.capped,
            .delivered: counts.delivered, .opened: counts.opened,
        ]
        #expect(totals == expected, "seed \(seed)")
    }
}
