import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("Fan-out: apps take turns; a publish whose steps keep running past the store timeout is stopped with its reason")
struct FanOutTurnsTests {
    @Test("the step after one of an app's serves the next app by id though the first app's publishes are older; it wraps around", arguments: StoreKind.tested)
    func appsTakeTurns(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = fixture.store
        let other = "app_b"
        try store.createApp(AppRecord(id: other, name: "B", bundleID: "b", serverKeyHash: "s", clientKeyHash: "c", createdAt: 1_000))
        try fixture.register(3)
        for n in 10..<12 {
            _ = try store.registerDevice(
                appID: other, DeviceRegistration(token: StoreFixture.token(n), environment: .production, interests: ["news"]),
                quota: .unlimited, now: 1_000)
        }
        let first = try fixture.publish(.interests(["news"]))
        let second = try fixture.publish(.interests(["news"]))
        let later = try store.createPublish(
            NewPublish(appID: other, target: .interests(["news"]), payload: ["aps": ["alert": "hi"]], options: PublishOptions(), createdAt: 2_000)
        ).id
        func step(after app: String?) throws -> String? {
            try store.fanOutStep(limit: 1, now: 2_000, claim: nil, afterApp: app)?.publishID
        }
        #expect(try step(after: fixture.appID) == later, "app_b comes after app_test, whose publishes are older")
        #expect(try step(after: other) == first, "then app_test again, its oldest first")
        #expect(try step(after: fixture.appID) == later, "wrapping around")
        #expect(try step(after: nil) == later, "no turn yet: the first app by id")
        var steps = 1
        while try step(after: other) == first, steps < 10 { steps += 1 }
        #expect(steps == 4, "three devices, a step each, and one that finds the interest done")
        #expect(try step(after: other) == second, "the first publish is fanned out: the next of app_test's")
    }

    @Test(
        "steps stopped at the store timeout three times in a row: the fan-out stops, the status says why, what was made is sent; a database out of reach stops nothing",
        arguments: StoreKind.tested)
    @MainActor
    func stoppedAfterRepeatedTimeouts(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        try await h.register(0..<10)
        let flaky = FlakyStore(h.store)
        var policy = DeliveryPolicy()
        policy.fanOutBatch = 2
        let engine = DeliveryEngine(
            store: flaky, deliverer: h.deliverer, clock: h.clock, wallTime: { [wall = h.api.clock] in wall.now }, policy: policy,
            jitter: { 1 })
        let filter: JSONValue = ["field": "platform", "op": "eq", "value": "apns"]
        let costly = try h.publish(["interests": ["news"], "filter": filter, "notification": ["title": "Hi"]])
        flaky.failingFanOut = (costly, .timedOut)
        await engine.runUntilIdle()
        let status = try #require(h.status(costly))
        #expect(status["status"] == "done")
        #expect(status["targeted"] == 6, "three steps of two made their deliveries before failing")
        #expect(status["sent"] == 6)
        let error = status["error"]?.stringValue ?? ""
        #expect(error.hasPrefix("filter too expensive: 3 fan-out steps in a row ran past the store timeout and were stopped"), "\(error)")
        #expect(h.deliverer.sent.count == 6)

        // The database out of reach (or any other failure) is retried until the fan-out ends.
        let retried = try h.publish(["interests": ["news"], "filter": filter, "notification": ["title": "Again"]])
        flaky.failingFanOut = (retried, .unavailable)
        await engine.runUntilIdle()
        let again = try #require(h.status(retried))
        #expect(again["status"] == "done")
        #expect(again["targeted"] == 10)
        #expect(again["error"] == nil)
    }
}
