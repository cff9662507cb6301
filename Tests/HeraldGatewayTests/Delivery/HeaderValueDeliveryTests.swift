import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldAPNsSimulator
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldGateway
@testable import HeraldGatewayAPNs
@testable import HeraldStore

/// A collapse id that would split or cut its header, in a publish the API did not check
/// (a row from before the API's rule, or another caller of the store), is refused by
/// HeraldAPNs before sending: a permanent failure, recorded once, never retried.
@Suite("unsafe header values: refused by the APNs client, failed once, not retried", .serialized)
@MainActor
struct HeaderValueDeliveryTests {
    @Test("the deliverer finds such a notification unsendable, naming the collapse id, and sends the others of the batch")
    func deliverer() async throws {
        let (simulator, credentials) = try APNsPushDelivererTests.simulator()
        defer { simulator.stop() }
        var injected = APNsPushDelivererTests().notification(1)
        injected.collapseID = "c\r\napns-expiration: 1"
        let outcomes = await APNsPushDeliverer().deliver([injected, APNsPushDelivererTests().notification(2)], credentials: credentials)
        guard case .unsendable(let reason) = outcomes[0] else {
            Issue.record("expected a refusal before sending, got \(outcomes[0])")
            return
        }
        #expect(reason.contains("collapse id") && reason.contains("CR"), "\(reason)")
        #expect(simulator.statistics.requests == 1)
        #expect(simulator.accepted.map(\.collapseID) == ["pub_1"])
        #expect(simulator.accepted.allSatisfy { $0.expiration == nil })
    }

    @Test(
        "through the engine: each such publish fails after one attempt, nothing reaches APNs, nothing is left to retry",
        arguments: StoreKind.tested)
    func engine(kind: StoreKind) async throws {
        let (simulator, credentials) = try APNsPushDelivererTests.simulator()
        defer { simulator.stop() }
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.setCredentials(appID: fixture.appID, credentials)
        let wall = 1_000.0
        let engine = DeliveryEngine(
            store: fixture.store, deliverer: APNsPushDeliverer(), clock: ManualServerClock(now: 0), wallTime: { wall }, jitter: { 1 })
        var ids: [String] = []
        // PostgreSQL's text cannot hold a NUL at all (the API refuses one before the store).
        let collapseIDs = ["c\nx", "c\r\napns-expiration: 1"] + (kind == .sqlite ? ["c\0x"] : [])
        for (n, collapseID) in collapseIDs.enumerated() {
            let publish = NewPublish(
                appID: fixture.appID, target: .tokens([StoreFixture.token(n)]), payload: ["aps": ["alert": "hi"]],
                options: PublishOptions(collapseID: collapseID, environment: .sandbox), createdAt: wall)
            ids.append(try fixture.store.createPublish(publish).id)
        }
        await engine.runUntilIdle()
        for id in ids {
            let publish = try #require(try fixture.store.publish(appID: fixture.appID, id: id))
            #expect(publish.status == .done, "\(id)")
            #expect(publish.counts.failed == 1 && publish.counts.sent == 0, "\(id)")
            #expect(publish.failures.keys.allSatisfy { $0.contains("collapse id") }, "\(publish.failures)")
        }
        let attempts = try fixture.rows("SELECT attempts FROM deliveries ORDER BY seq")
        #expect(attempts == collapseIDs.map { _ in "1" })
        #expect(try fixture.store.nextDueTime() == nil, "nothing left to retry")
        #expect(simulator.statistics.requests == 0)
    }
}
