import HeraldAPNsModel
import HeraldAuth
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// A fan-out step that claims what it makes (`FanOutClaim`): the page goes in already in
/// flight and comes back as jobs, and everything else behaves as a claim would.
@Suite("Store: fan-out that claims its page")
struct StoreFanOutClaimTests {
    @Test("with room, the page goes in flight at once: attempt 1, nothing left to claim, outcomes and statistics as for a claim",
        arguments: StoreKind.tested)
    func claimedOnInsert(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.register(7)
        let id = try fixture.publish(.interests(["news"]))
        let step = try #require(try fixture.store.fanOutStep(limit: 10, now: 1_000, claim: FanOutClaim(limit: 4)))
        #expect(step.created == 4)
        #expect(step.claimed.count == 4)
        #expect(step.claimed.map(\.token) == (0..<4).map(StoreFixture.token))
        #expect(step.claimed.allSatisfy { $0.attempts == 1 && !$0.inDoubt && $0.publishID == id && $0.deviceID != nil })
        #expect(step.claimed.allSatisfy { $0.apnsID == SHA256.uuid(id + ":" + $0.token) })
        let payload = try fixture.store.publish(appID: fixture.appID, id: id)?.payload
        #expect(step.claimed.first?.payload == payload)
        #expect(try fixture.scalar("SELECT count(*) FROM deliveries WHERE state = 1 AND lease_owner IS NOT NULL") == 4)
        #expect(try fixture.store.claimDeliveries(appID: fixture.appID, now: 1_000, limit: 100).isEmpty, "nothing waits")

        try fixture.store.completeDeliveries(step.claimed.map { DeliveryResult(seq: $0.seq, outcome: .sent(apnsID: nil)) }, now: 1_001)
        // The rest as usual, then every count adds up.
        try fixture.fanOutAll()
        try fixture.deliverAll()
        let publish = try #require(try fixture.store.publish(appID: fixture.appID, id: id))
        #expect(publish.counts.targeted == 7)
        #expect(publish.counts.sent == 7)
        #expect(publish.status == .done)
        #expect(try fixture.scalar("SELECT max(attempts) FROM deliveries") == 1)
    }

    @Test(
        "where another gateway shares the database (PostgreSQL), the rest of a step's budget is written waiting for any to claim",
        arguments: StoreKind.tested)
    func writeAheadForOthers(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.register(10)
        _ = try fixture.publish(.interests(["news"]))
        #expect(try fixture.store.fanOutStep(limit: 3, now: 1_000, claim: FanOutClaim(limit: 1))?.created == 1, "alone: what it claims")
        try fixture.store.completeDeliveries(
            try fixture.store.claimDeliveries(appID: fixture.appID, now: 1_000, limit: 10).map { DeliveryResult(seq: $0.seq, outcome: .sent(apnsID: nil)) },
            now: 1_000)
        try fixture.execute(
            "INSERT INTO gateway_instances (id, host, pid, started_at, heartbeat_at) VALUES ('other', 'h', 1, 1000, 1000)")
        let step = try #require(try fixture.store.fanOutStep(limit: 6, now: 1_000, claim: FanOutClaim(limit: 2)))
        #expect(step.claimed.count == 2)
        // One process serves a SQLite data folder: a row left by another is an earlier run's.
        let shared = kind == .postgres
        #expect(step.created == (shared ? 6 : 2))
        #expect(try fixture.scalar("SELECT count(*) FROM deliveries WHERE state = 0") == (shared ? 4 : 0))
        #expect(try fixture.store.fanOutStep(limit: 6, now: 1_000, claim: FanOutClaim(limit: 2)) == nil || !shared, "the waiting go first")
    }

    @Test("what a claim on fan-out had in flight at a crash comes back in doubt, as a claim's does", arguments: StoreKind.tested)
    func inDoubtAfterCrash(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.register(3)
        _ = try fixture.publish(.interests(["news"]))
        #expect(try fixture.store.fanOutStep(limit: 10, now: 1_000, claim: FanOutClaim(limit: 10))?.claimed.count == 3)
        #expect(try fixture.store.recoverInFlight(now: 1_100, lease: 30) == 3)
        let again = try fixture.store.claimDeliveries(appID: fixture.appID, now: 1_100, limit: 10)
        #expect(again.count == 3)
        #expect(again.allSatisfy { $0.inDoubt && $0.attempts == 2 })
    }

    @Test("without room the publish waits: nothing is made until there is room", arguments: StoreKind.tested)
    func waitsForRoom(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.register(3)
        let id = try fixture.publish(.interests(["news"]))
        #expect(try fixture.store.fanOutStep(limit: 10, now: 1_000, claim: FanOutClaim(limit: 0)) == nil)
        #expect(try fixture.store.publish(appID: fixture.appID, id: id)?.counts.targeted == 0)
        #expect(try fixture.store.fanOutStep(limit: 10, now: 1_000, claim: FanOutClaim(limit: 2))?.claimed.count == 2)
    }

    @Test("a due delivery already waiting goes first: the fan-out waits while one does", arguments: StoreKind.tested)
    func waitingGoFirst(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.register(4)
        let id = try fixture.publish(.interests(["news"]))
        #expect(try fixture.store.fanOutStep(limit: 2, now: 1_000)?.claimed.isEmpty == true)
        #expect(try fixture.store.fanOutStep(limit: 2, now: 1_000, claim: FanOutClaim(limit: 10)) == nil)
        #expect(try fixture.store.claimDeliveries(appID: fixture.appID, now: 1_000, limit: 10).count == 2)
        #expect(try fixture.store.fanOutStep(limit: 10, now: 1_000, claim: FanOutClaim(limit: 10))?.claimed.count == 2)
        #expect(try fixture.store.publish(appID: fixture.appID, id: id)?.counts.targeted == 4)
    }

    @Test("a rate-limited or paused app, a publish at local times and a devices target fan out waiting, as without a claim",
        arguments: StoreKind.tested)
    func notClaimed(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let devices = try fixture.register(3)
        _ = try fixture.publish(.interests(["news"]))
        // Paused: the app is excluded.
        let paused = try #require(try fixture.store.fanOutStep(limit: 1, now: 1_000, claim: FanOutClaim(limit: 10, excludedApps: [fixture.appID])))
        #expect(paused.created == 1 && paused.claimed.isEmpty)
        try fixture.deliverAll()
        // Rate limited.
        try fixture.execute("UPDATE apps SET rate_limit = 5 WHERE id = ?", [.text(fixture.appID)])
        let limited = try #require(try fixture.store.fanOutStep(limit: 1, now: 1_000, claim: FanOutClaim(limit: 10)))
        #expect(limited.created == 1 && limited.claimed.isEmpty)
        try fixture.deliverAll()
        try fixture.execute("UPDATE apps SET rate_limit = NULL WHERE id = ?", [.text(fixture.appID)])
        #expect(try fixture.store.fanOutStep(limit: 10, now: 1_000, claim: FanOutClaim(limit: 10))?.claimed.count == 1)
        // A devices target is looked up key by key, not paged: made waiting.
        _ = try fixture.publish(.devices([devices[0]]))
        let direct = try #require(try fixture.store.fanOutStep(limit: 10, now: 1_000, claim: FanOutClaim(limit: 10)))
        #expect(direct.created == 1 && direct.claimed.isEmpty)
        try fixture.deliverAll()
        // At local times: each delivery waits for its zone's instant.
        let nine = try #require(LocalSendTime(time: "09:00", date: "2027-01-16"))
        _ = try fixture.store.createPublish(
            NewPublish(
                appID: fixture.appID, target: .interests(["news"]), payload: ["aps": ["alert": "hi"]],
                options: PublishOptions(sendAt: nine.earliest, localTime: nine), createdAt: 1_000))
        _ = try fixture.store.promoteDuePublishes(now: nine.earliest)
        let local = try #require(try fixture.store.fanOutStep(limit: 10, now: nine.earliest, claim: FanOutClaim(limit: 10)))
        #expect(local.created == 3 && local.claimed.isEmpty)
    }

    @Test("a frequency cap applies to a page claimed on fan-out: the capped come back final, not to send", arguments: StoreKind.tested)
    func capped(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.register(2)
        _ = try fixture.publish(.interests(["news"]), cap: FrequencyCap(max: 1, window: 3_600))
        try fixture.fanOutAll()
        try fixture.deliverAll()
        let id = try fixture.publish(.interests(["news"]), cap: FrequencyCap(max: 1, window: 3_600))
        let step = try #require(try fixture.store.fanOutStep(limit: 10, now: 1_000, claim: FanOutClaim(limit: 10)))
        #expect(step.claimed.count == 2)
        #expect(step.claimed.allSatisfy { $0.capped })
        let publish = try #require(try fixture.store.publish(appID: fixture.appID, id: id))
        #expect(publish.counts.capped == 2)
        #expect(publish.status == .done)
    }
}
