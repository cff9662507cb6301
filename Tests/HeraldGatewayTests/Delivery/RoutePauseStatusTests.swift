import Foundation
import HeraldAPNsModel
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// Nothing waits in silence: a route paused (no credentials for a device's environment,
/// refused credentials, `Retry-After`) shows in the publish's status and the app's settings
/// with its reason and fix, counts in the metrics, and ends when the route works again.
@Suite("Delivery engine: paused routes in the status")
@MainActor
struct RoutePauseStatusTests {
    static let news: JSONValue = ["interests": ["news"], "notification": ["title": "x"]]

    func registerSandbox(_ h: EngineHarness, _ n: Int) {
        let answer = h.api.send(
            "POST", h.api.devices, key: h.api.clientKey,
            json: ["token": .string(StoreFixture.token(n)), "environment": "sandbox", "interests": ["news"]])
        #expect(answer.status == 201)
    }

    func settings(_ h: EngineHarness) -> JSONValue? {
        h.api.send("GET", "/v1/apps/\(h.api.appID)/settings", key: h.api.serverKey).json
    }

    @Test(
        "only production credentials and a sandbox device: paused, no credentials, with the fix; counted; the publish can be cancelled",
        arguments: StoreKind.tested)
    func noCredentials(kind: StoreKind) async throws {
        let h = try EngineHarness(kind, environments: [.production])
        try await h.register(0..<2)
        registerSandbox(h, 2)
        let id = try h.publish(Self.news)
        await h.engine.runUntilIdle()
        #expect(h.deliverer.sent.count == 2, "production is sent; nothing goes to APNs for sandbox")
        let status = try #require(h.status(id))
        #expect(status["status"] == "sending" && status["sent"] == 2)
        let paused = try #require(status["paused"])
        #expect(paused["count"] == 1)
        let route = try #require(paused["routes"]?.arrayValue?.first)
        #expect(route["route"] == "apns-sandbox" && route["reason"] == "no credentials" && route["waiting"] == 1)
        #expect(route["kind"] == "credentials")
        #expect(route["fix"]?.stringValue?.contains("herald app set-credentials --app \(h.api.appID) --environment sandbox") == true)
        #expect(settings(h)?["paused"]?.arrayValue?.first?["route"] == "apns-sandbox")
        let metrics = await h.engine.metrics.render()
        #expect(metrics.contains("herald_route_paused{app=\"\(h.api.appID)\",route=\"apns-sandbox\"} 1"), "\(metrics)")
        #expect(metrics.contains("herald_route_pauses_total{app=\"\(h.api.appID)\",route=\"apns-sandbox\",kind=\"credentials\"} 1"))

        let cancelled = h.api.send("DELETE", h.api.publishes + "/" + id, key: h.api.serverKey)
        #expect(cancelled.status == 200 && cancelled.json?["status"] == "cancelled")
        #expect(cancelled.json?["failures"]?["Cancelled"] == 1 && cancelled.json?["sent"] == 2)
        #expect(h.status(id)?["paused"] == nil, "nothing of it waits any more")
    }

    @Test("sandbox credentials added: the recorded pause ends, the waiting delivery goes at the next try", arguments: StoreKind.tested)
    func credentialsAdded(kind: StoreKind) async throws {
        let h = try EngineHarness(kind, environments: [.production])
        registerSandbox(h, 0)
        let id = try h.publish(Self.news)
        await h.engine.runUntilIdle()
        #expect(try h.store.routePauses(appID: h.api.appID).map(\.route) == [.apns(.sandbox)])
        _ = try h.store.setCredentials(
            appID: h.api.appID,
            APNSCredentials(environment: .sandbox, method: .token(keyID: "ABCDE12345", teamID: "TEAM123456", privateKeyPEM: "p")))
        #expect(try h.store.routePauses(appID: h.api.appID).isEmpty, "new credentials end the recorded pause")
        await h.advance(by: 1)
        #expect(h.status(id)?["status"] == "done" && h.status(id)?["sent"] == 1)
        #expect(h.status(id)?["paused"] == nil)
    }

    @Test(
        "refused credentials: paused with APNs' reason since the first refusal, until a notification is taken; Retry-After ends at its time",
        arguments: StoreKind.tested)
    func refusedThenWorking(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        try await h.register(0..<1)
        h.deliverer.program(StoreFixture.token(0), [.refused(403, "InvalidProviderToken"), .refused(403, "InvalidProviderToken")])
        let start = h.now
        let id = try h.publish(Self.news)
        await h.engine.runUntilIdle()
        let first = try #require(h.status(id)?["paused"]?["routes"]?.arrayValue?.first)
        #expect(first["route"] == "apns-production" && first["reason"] == "403 InvalidProviderToken" && first["since"]?.doubleValue == start)
        await h.advance(by: 1)
        let second = try #require(h.status(id)?["paused"]?["routes"]?.arrayValue?.first, "refused again: still paused")
        #expect(second["since"]?.doubleValue == start, "the run of refusals keeps its start")
        await h.advance(by: 2)
        #expect(h.status(id)?["sent"] == 1 && h.status(id)?["paused"] == nil)
        #expect(try h.store.routePauses(appID: h.api.appID).isEmpty, "taken: the pause is over")
        #expect(await h.engine.metrics.render().contains("herald_route_paused{app=\"\(h.api.appID)\",route=\"apns-production\"} 0"))

        h.deliverer.program(StoreFixture.token(0), [.refused(429, "TooManyRequests", retryAfter: 30)])
        _ = try h.publish(Self.news)
        await h.engine.runUntilIdle()
        #expect(try h.store.routePauses(appID: h.api.appID).map(\.kind) == [.retryAfter])
        #expect(settings(h)?["paused"]?.arrayValue?.first?["fix"]?.stringValue?.hasPrefix("nothing") == true)
        await h.advance(by: 30)
        #expect(try h.store.routePauses(appID: h.api.appID).isEmpty)
    }

    @Test("the store keeps one pause per route, its first since, and counts a publish's waiting deliveries by route", arguments: StoreKind.tested)
    func store(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = fixture.store
        try store.recordRoutePause(appID: fixture.appID, RoutePause(route: .fcm, kind: .credentials, reason: "a", since: 10, until: 11))
        try store.recordRoutePause(
            appID: fixture.appID, RoutePause(route: .apns(.sandbox), kind: .retryAfter, reason: "b", since: 12, until: 13))
        try store.recordRoutePause(appID: fixture.appID, RoutePause(route: .fcm, kind: .credentials, reason: "c", since: 20, until: 22))
        #expect(
            try store.routePauses(appID: fixture.appID) == [
                RoutePause(route: .apns(.sandbox), kind: .retryAfter, reason: "b", since: 12, until: 13),
                RoutePause(route: .fcm, kind: .credentials, reason: "c", since: 10, until: 22),
            ])
        #expect(try store.routePauses(appID: "other").isEmpty)
        #expect(try store.endRoutePause(appID: fixture.appID, route: .fcm))
        #expect(try !store.endRoutePause(appID: fixture.appID, route: .fcm))
        try fixture.register(3)
        let id = try fixture.publish(.interests(["news"]))
        try fixture.fanOutAll()
        #expect(try store.waitingDeliveries(publishID: id) == [.apns(.production): 3])
        _ = try store.claimDeliveries(appID: fixture.appID, now: 1_000, limit: 1)
        #expect(try store.waitingDeliveries(publishID: id) == [.apns(.production): 2], "in flight is not waiting")
        // A pause of their route: they wait for its end, so a claim before finds none to read.
        try store.recordRoutePause(
            appID: fixture.appID, RoutePause(route: .apns(.production), kind: .retryAfter, reason: "d", since: 1_000, until: 2_000))
        #expect(try store.claimDeliveries(appID: fixture.appID, now: 1_999, limit: 10).isEmpty)
        #expect(try store.claimDeliveries(appID: fixture.appID, now: 2_000, limit: 10).count == 2)
    }
}
