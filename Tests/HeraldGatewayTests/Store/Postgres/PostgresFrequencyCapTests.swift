import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// Frequency caps with two processes claiming the same devices' deliveries at once: the
/// check and the record are one step per device (its row locked), so neither overshoots.
@Suite("PostgreSQL store: frequency caps across processes")
struct PostgresFrequencyCapTests {
    @Test("six devices, twenty capped publishes at a cap of three, claimed by four workers in two processes: three each, three rounds")
    func twoProcesses() throws {
        let (fixture, stores) = try PostgresConcurrencyTests.pair()
        let devices = try fixture.register(6)
        let cap = FrequencyCap(max: 3, window: 3600)
        // Each round after the last one's window: a race lost in any round shows.
        for round in 0..<3 {
            let now = 1_000 + Double(round * 4_000)
            let ids = try (0..<20).map { _ in try fixture.publish(.interests(["news"]), cap: cap, now: now) }
            try fixture.fanOutAll(now: now)
            let claimed = Results<DeliveryJob>()
            let failures = ThreadBarrier.together(4) { n in
                let store = stores[n % 2]
                while case let jobs = try store.claimDeliveries(appID: fixture.appID, now: now, limit: 4), !jobs.isEmpty {
                    claimed.add(contentsOf: jobs)
                    try store.completeDeliveries(
                        jobs.filter { !$0.capped }.map { DeliveryResult(seq: $0.seq, outcome: .sent(apnsID: nil)) }, now: now)
                }
            }
            #expect(failures.isEmpty, "\(failures)")
            #expect(claimed.all.count == 120, "each delivery claimed once")
            for device in devices {
                #expect(claimed.all.filter { $0.deviceID == device && !$0.capped }.count == 3, "round \(round), device \(device)")
            }
            let counts = try ids.map { try #require(try fixture.store.publish(appID: fixture.appID, id: $0)).counts }
            #expect(counts.map(\.sent).reduce(0, +) == 18)
            #expect(counts.map(\.capped).reduce(0, +) == 102)
        }
        #expect(try fixture.scalar("SELECT count(*) FROM capped_sends") == 54)
    }
}
