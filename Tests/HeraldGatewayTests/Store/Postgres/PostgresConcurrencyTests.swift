import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// Two stores on one database stand for two gateway processes: what SQLite's single
/// writer made safe, row locks must make safe here, with both working at the same moment.
@Suite("PostgreSQL store: two processes at once")
struct PostgresConcurrencyTests {
    /// Two stores (processes) on one fresh database with the fixture's app in it.
    static func pair() throws -> (fixture: StoreFixture, stores: [any GatewayStore]) {
        let fixture = try StoreFixture(.postgres)
        return (fixture, [fixture.store, try PostgresStore(url: fixture.location, connections: 4)])
    }

    @Test("one token registered eight times at once through two processes: one device, created once")
    func sameToken() throws {
        let (fixture, stores) = try Self.pair()
        let results = Results<RegisteredDevice>()
        let failures = ThreadBarrier.together(8) { n in
            let registration = DeviceRegistration(token: StoreFixture.token(1), environment: .production, interests: ["a", "b"])
            results.add(try stores[n % 2].registerDevice(appID: fixture.appID, registration, quota: .unlimited, now: 1))
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(Set(results.all.map(\.id)).count == 1)
        #expect(results.all.filter(\.created).count == 1)
        #expect(try fixture.store.usage(appID: fixture.appID) == (1, 2))
    }

    @Test("one idempotency key sent eight times at once through two processes: one publish")
    func sameKey() throws {
        let (fixture, stores) = try Self.pair()
        let results = Results<(id: String, created: Bool)>()
        let failures = ThreadBarrier.together(8) { n in
            let publish = NewPublish(
                appID: fixture.appID, target: .interests(["a"]), payload: ["aps": ["alert": "x"]], options: PublishOptions(),
                idempotencyKey: "order-7", fingerprint: PublishFingerprint(fields: ["interests": "1"]), createdAt: 1)
            results.add(try stores[n % 2].createPublish(publish))
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(Set(results.all.map(\.id)).count == 1)
        #expect(results.all.filter(\.created).count == 1)
        #expect(try fixture.scalar("SELECT count(*) FROM publishes") == 1)
    }

    @Test("120 devices given one user at once through two processes: exactly 100 take it, the rest are refused")
    func userLimit() throws {
        let (fixture, stores) = try Self.pair()
        let devices = try fixture.register(120, interests: [])
        let failures = ThreadBarrier.together(12) { thread in
            for device in devices[(thread * 10)..<(thread * 10 + 10)] {
                do {
                    _ = try stores[thread % 2].setUser(appID: fixture.appID, deviceID: device, "bob", now: 1)
                } catch let error as StoreError where error.reason == .limitExceeded {}
            }
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(try fixture.scalar("SELECT count(*) FROM devices WHERE user_id = 'bob'") == 100)
    }

    @Test("two processes fan out, then deliver, one publish at once: each device once, exact statistics, every receipt counted")
    func fanOutAndClaims() throws {
        let (fixture, stores) = try Self.pair()
        let devices = try fixture.register(300)
        let id = try fixture.publish(.interests(["news"]))
        // Both fan the publish out at once: each page is taken by one of them.
        let fannedOut = ThreadBarrier.together(2) { n in
            while try stores[n].fanOutStep(limit: 37, now: 1_000) != nil {}
        }
        #expect(fannedOut.isEmpty, "\(fannedOut)")
        #expect(try fixture.store.publish(appID: fixture.appID, id: id)?.counts.targeted == 300)
        #expect(try fixture.scalar("SELECT count(*) FROM deliveries") == 300)
        let claimed = Results<DeliveryJob>()
        let failures = ThreadBarrier.together(4) { n in
            let store = stores[n % 2]
            if n < 2 {
                // Workers: claim and answer until nothing is left.
                while case let jobs = try store.claimDeliveries(appID: fixture.appID, now: 1_000, limit: 25), !jobs.isEmpty {
                    claimed.add(contentsOf: jobs)
                    try store.completeDeliveries(jobs.map { DeliveryResult(seq: $0.seq, outcome: .sent(apnsID: nil)) }, now: 1_000)
                }
            } else {
                // Devices: receipts while their deliveries are pending, in flight or sent.
                for (index, device) in devices.enumerated() where index % 2 == n % 2 {
                    _ = try store.recordEvents(
                        appID: fixture.appID, [DeviceEvent(publishID: id, deviceID: device, kind: .delivered, at: 1)])
                }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(claimed.all.count == 300, "each delivery claimed once")
        #expect(Set(claimed.all.map(\.token)).count == 300)
        let counts = try #require(try fixture.store.publish(appID: fixture.appID, id: id)).counts
        #expect(counts.targeted == 300 && counts.sent == 300)
        #expect(counts.delivered == 300, "a receipt held while in flight is counted when sent")
        #expect(try fixture.store.publish(appID: fixture.appID, id: id)?.status == .done)
    }

    @Test("a scheduled publish is promoted by one of two processes promoting at once; cancelled on one, neither sends it")
    func scheduledOnce() throws {
        let (fixture, stores) = try Self.pair()
        _ = try fixture.register(5)
        _ = try fixture.publish(.interests(["news"]), sendAt: 1_060)
        let cancelled = try fixture.publish(.interests(["news"]), sendAt: 1_060)
        _ = try stores[1].cancelPublish(appID: fixture.appID, id: cancelled, now: 1_001)
        let promoted = Results<Int>()
        let failures = ThreadBarrier.together(8) { n in promoted.add(try stores[n % 2].promoteDuePublishes(now: 1_060)) }
        #expect(failures.isEmpty, "\(failures)")
        #expect(promoted.all.reduce(0, +) == 1, "one promotion in all, the cancelled publish none")
        while try stores[0].fanOutStep(limit: 100, now: 1_060) != nil {}
        #expect(try fixture.scalar("SELECT count(*) FROM deliveries WHERE publish_id = ?", [.text(cancelled)]) == 0)
        #expect(try fixture.scalar("SELECT count(*) FROM deliveries") == 5)
    }

    @Test("two processes pruning at once: a step that finds the other pruning does nothing; every old delivery goes once")
    func retentionOneAtATime() throws {
        let (fixture, stores) = try Self.pair()
        _ = try fixture.register(50)
        _ = try fixture.publish(.interests(["news"]))
        try fixture.fanOutAll()
        _ = try fixture.deliverAll()
        let deleted = Results<Int>()
        let failures = ThreadBarrier.together(4) { n in
            while case let progress = try stores[n % 2].pruneFinished(before: 10_000, limit: 7), progress.deleted > 0 || progress.more {
                deleted.add(progress.deleted)
            }
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(deleted.all.reduce(0, +) == 50)
        #expect(try fixture.scalar("SELECT count(*) FROM deliveries") == 0)
    }
}
