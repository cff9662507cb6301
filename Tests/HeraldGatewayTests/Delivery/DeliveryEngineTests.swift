import Foundation
import HeraldCore
import HeraldTestSupport
import Testing
@testable import HeraldGateway

@Suite("Delivery engine: fan-out and delivery")
@MainActor
struct DeliveryEngineTests {
    @Test(
        "an interest of 1,234 devices: each gets the notification once, with herald.publishId and the app's topic",
        arguments: StoreKind.tested)
    func fanOut(kind: StoreKind) async throws {
        var policy = DeliveryPolicy()
        policy.batchSize = 100
        policy.fanOutBatch = 300
        let h = try EngineHarness(kind, policy: policy)
        let tokens = try await h.register(0..<1234)
        let id = try h.publish(["interests": ["news"], "notification": ["title": "Hi"]])
        await h.engine.runUntilIdle()
        let sent = h.deliverer.sent
        #expect(sent.count == 1234)
        #expect(Set(sent.map(\.deviceToken)) == Set(tokens))
        #expect(sent.allSatisfy { $0.topic == "com.example.test" && $0.pushType == "alert" && $0.priority == 10 && $0.collapseID == id })
        #expect(Set(sent.map(\.apnsID)).count == 1234)
        #expect(try JSONParser().parse(sent[0].payload)["herald"]?["publishId"] == .string(id))
        #expect(h.deliverer.credentials.allSatisfy { $0?.environment == .production })
        let status = h.status(id)
        #expect(status?["status"] == "done")
        #expect(status?["targeted"] == 1234)
        #expect(status?["sent"] == 1234)
    }

    @Test(
        "push type, priority, expiration and collapse id reach the deliverer; the topic has the push type's suffix",
        arguments: StoreKind.tested)
    func headers(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        try await h.register(0..<1)
        let id = try h.publish([
            "interests": ["news"], "apns": ["aps": ["alert": "call"]],
            "options": ["pushType": "voip", "priority": 5, "ttl": 60, "collapseId": "c1"],
        ])
        await h.engine.runUntilIdle()
        let sent = try #require(h.deliverer.sent.first)
        #expect(sent.topic == "com.example.test.voip")
        #expect(sent.pushType == "voip")
        #expect(sent.priority == 5)
        #expect(sent.collapseID == "c1")
        #expect(sent.expiration == h.now + 60)
        #expect(sent.publishID == id)
    }

    @Test("a rotated key stops working at once", arguments: StoreKind.tested)
    func rotation(kind: StoreKind) throws {
        let h = try EngineHarness(kind)
        #expect(h.api.send("GET", h.api.publishes + "/pub_x", key: h.api.serverKey).status == 404)
        let keys = try AppProvisioning(store: h.store).rotate(appID: h.api.appID, [.serverKey])
        #expect(keys.keys.sorted { $0.rawValue < $1.rawValue } == [.serverKey])
        #expect(h.api.send("GET", h.api.publishes + "/pub_x", key: h.api.serverKey).status == 401)
        #expect(h.api.send("GET", h.api.publishes + "/pub_x", key: keys[.serverKey] ?? "").status == 404)
    }

    @Test("users and devices targets; a device in two targeted interests gets one", arguments: StoreKind.tested)
    func targets(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        try await h.register(0..<3, interests: ["a", "b"], user: "alice")
        try await h.register(3..<5, interests: ["b"])
        let both = try h.publish(["interests": ["a", "b"], "notification": ["title": "x"]])
        let user = try h.publish(["users": ["alice"], "notification": ["title": "x"]])
        await h.engine.runUntilIdle()
        #expect(h.deliverer.sent.filter { $0.publishID == both }.count == 5)
        #expect(h.deliverer.sent.filter { $0.publishID == user }.count == 3)
    }

    @Test("the same idempotency key sends nothing twice", arguments: StoreKind.tested)
    func idempotency(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        try await h.register(0..<10)
        let body: JSONValue = ["interests": ["news"], "notification": ["title": "x"], "idempotencyKey": "once"]
        let first = try h.publish(body)
        await h.engine.runUntilIdle()
        let second = try h.publish(body)
        await h.engine.runUntilIdle()
        #expect(first == second)
        #expect(h.deliverer.sent.count == 10)
    }

    @Test("a scheduled publish goes out at its time, not before", arguments: StoreKind.tested)
    func scheduling(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        try await h.register(0..<4)
        let id = try h.publish(["interests": ["news"], "notification": ["title": "x"], "options": ["sendAt": .double(h.now + 60)]])
        await h.engine.runUntilIdle()
        #expect(h.deliverer.sent.isEmpty)
        #expect(h.status(id)?["status"] == "scheduled")
        await h.advance(by: 59)
        #expect(h.deliverer.sent.isEmpty)
        await h.advance(by: 1)
        #expect(h.deliverer.sent.count == 4)
        #expect(h.status(id)?["status"] == "done")
    }

    @Test("a cancelled publish sends nothing", arguments: StoreKind.tested)
    func cancellation(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        try await h.register(0..<4)
        let id = try h.publish(["interests": ["news"], "notification": ["title": "x"], "options": ["sendAt": .double(h.now + 60)]])
        #expect(h.api.send("DELETE", h.api.publishes + "/" + id, key: h.api.serverKey).status == 200)
        await h.advance(by: 120)
        #expect(h.deliverer.sent.isEmpty)
        #expect(h.status(id)?["status"] == "cancelled")
    }

    @Test(
        "dead tokens are invalidated and kept with their reason; 410 only counts for tokens registered before it",
        arguments: StoreKind.tested)
    func invalidation(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        try await h.register(0..<4)
        let registeredAt = h.now
        h.deliverer.program(StoreFixture.token(0), [.refused(410, "Unregistered", timestamp: registeredAt + 5)])
        h.deliverer.program(StoreFixture.token(1), [.refused(410, "Unregistered", timestamp: registeredAt - 5)])
        h.deliverer.program(StoreFixture.token(2), [.refused(400, "BadDeviceToken")])
        let id = try h.publish(["interests": ["news"], "notification": ["title": "x"]])
        await h.engine.runUntilIdle()
        let status = h.status(id)
        #expect(status?["invalidated"] == 2)
        #expect(status?["failed"] == 1)
        #expect(status?["sent"] == 1)
        #expect(status?["failures"] == ["Unregistered": 2, "BadDeviceToken": 1])
        #expect(try h.device(token: 0)?.invalidReason == "Unregistered")
        #expect(try h.device(token: 1)?.invalidatedAt == nil, "re-registered after APNs' timestamp: still valid")
        #expect(try h.device(token: 2)?.invalidReason == "BadDeviceToken")
        let next = try h.publish(["interests": ["news"], "notification": ["title": "again"]])
        await h.engine.runUntilIdle()
        #expect(h.status(next)?["targeted"] == 2)
        // Named by its token, a dead one is not sent again: final at once, counted as invalidated.
        let sentBefore = h.deliverer.sent.count
        let direct = try h.publish([
            "tokens": [.string(StoreFixture.token(0)), .string(StoreFixture.token(3))], "notification": ["title": "x"],
        ])
        await h.engine.runUntilIdle()
        #expect(h.deliverer.sent.dropFirst(sentBefore).map(\.deviceToken) == [StoreFixture.token(3)])
        let directStatus = h.status(direct)
        #expect(directStatus?["status"] == "done" && directStatus?["targeted"] == 2 && directStatus?["invalidated"] == 1)
        #expect(directStatus?["failures"] == ["Unregistered": 1])
        // Registering the token again brings the device back.
        _ = h.api.register(0)
        #expect(try h.device(token: 0)?.invalidatedAt == nil)
    }

    @Test("retryable failures back off on the clock and keep the apns-id", arguments: StoreKind.tested)
    func retries(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        try await h.register(0..<1)
        let token = StoreFixture.token(0)
        h.deliverer.program(
            token,
            [
                .refused(503, "ServiceUnavailable"),
                .refused(429, "TooManyRequests"),
                .transportFailure("connection reset"),
            ])
        let id = try h.publish(["interests": ["news"], "notification": ["title": "x"]])
        await h.engine.runUntilIdle()
        #expect(h.deliverer.accepted(token: token) == 1)
        await h.advance(by: 0.99)
        #expect(h.deliverer.accepted(token: token) == 1, "the first retry waits 1 s")
        await h.advance(by: 0.01)
        #expect(h.deliverer.accepted(token: token) == 2)
        await h.advance(by: 2)
        #expect(h.deliverer.accepted(token: token) == 3)
        #expect(h.status(id)?["status"] == "sending")
        await h.advance(by: 4)
        #expect(h.deliverer.accepted(token: token) == 4)
        #expect(h.status(id)?["sent"] == 1)
        #expect(h.status(id)?["status"] == "done")
        #expect(Set(h.deliverer.sent.map(\.apnsID)).count == 1)
    }

    @Test("permanent refusals fail at once; retries stop after the maximum; expiry stops them too", arguments: StoreKind.tested)
    func failures(kind: StoreKind) async throws {
        var policy = DeliveryPolicy()
        policy.maxAttempts = 3
        let h = try EngineHarness(kind, policy: policy)
        try await h.register(0..<3)
        h.deliverer.program(StoreFixture.token(0), [], then: .refused(413, "PayloadTooLarge"))
        h.deliverer.program(StoreFixture.token(1), [], then: .refused(500, "InternalServerError"))
        h.deliverer.program(StoreFixture.token(2), [], then: .refused(500, "InternalServerError"))
        let id = try h.publish(["interests": ["news"], "notification": ["title": "x"]])
        await h.engine.runUntilIdle()
        await h.advance(by: 1)
        await h.advance(by: 2)
        #expect(h.status(id)?["failures"] == ["PayloadTooLarge": 1, "InternalServerError": 2])
        #expect(h.deliverer.accepted(token: StoreFixture.token(1)) == 3)
        #expect(h.status(id)?["status"] == "done")
        // With a 2 s ttl the 1 s and 2 s retries would end after it: given up as expired.
        let short = try h.publish(["tokens": [.string(StoreFixture.token(1))], "apns": ["aps": ["alert": "x"]], "options": ["ttl": 2]])
        await h.engine.runUntilIdle()
        await h.advance(by: 1)
        #expect(h.status(short)?["failures"] == ["Expired": 1])
    }

    @Test("refused credentials pause the app's deliveries; they resume with backoff", arguments: StoreKind.tested)
    func configuration(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        try await h.register(0..<2)
        h.deliverer.program(StoreFixture.token(0), [.refused(403, "InvalidProviderToken")])
        h.deliverer.program(StoreFixture.token(1), [.refused(403, "InvalidProviderToken")])
        let id = try h.publish(["interests": ["news"], "notification": ["title": "x"]])
        await h.engine.runUntilIdle()
        #expect(await h.engine.pauses.until(.init(app: h.api.appID, route: .apns(.production))) != nil)
        await h.advance(by: 1)
        #expect(h.status(id)?["sent"] == 2)
    }

    @Test("an app's rate limit spreads its notifications over time", arguments: StoreKind.tested)
    func rateLimit(kind: StoreKind) async throws {
        let h = try EngineHarness(kind, rateLimit: 100)
        try await h.register(0..<250)
        let id = try h.publish(["interests": ["news"], "notification": ["title": "x"]])
        await h.engine.runUntilIdle()
        #expect(h.deliverer.sent.count == 100, "one second's worth at once")
        await h.advance(by: 0.5)
        #expect(h.deliverer.sent.count == 150)
        await h.advance(by: 1)
        #expect(h.deliverer.sent.count == 250)
        #expect(h.status(id)?["status"] == "done")
    }

    @Test("while an app is rate limited the running workers sleep on the clock until it may send, not poll", arguments: StoreKind.tested)
    func rateLimitedSleep(kind: StoreKind) async throws {
        let h = try EngineHarness(kind, rateLimit: 10)
        try await h.register(0..<30)
        _ = try h.publish(["interests": ["news"], "notification": ["title": "x"]])
        h.engine.start()
        defer { h.engine.stop() }
        let (deliverer, clock, engine) = (h.deliverer, h.clock, h.engine)
        // The engine runs on its own thread: wait until it sent what it may, recorded the
        // batch (which wakes it once) and went back to sleep.
        #expect(
            await eventually {
                guard deliverer.sent.count == 10, await engine.notificationsInFlight == 0 else { return false }
                return clock.pendingCount == 1
            }, "one sleep")
        #expect(deliverer.sent.count == 10)
        let wait = try #require(h.clock.nextDeadline) - h.clock.now
        #expect(wait >= 0.09, "sleeps until a token is back (0.1 s), not \(wait) s")
        // A second later the next ten may go. The engine may be between a wake-up and its
        // next sleep when the clock moves (a sleep begun after that sleeps from the new
        // time), so the clock moves a second at a time, while the engine sleeps, until it sent.
        h.api.clock.now += 1
        #expect(
            await eventually {
                guard deliverer.sent.count < 20 else { return true }
                if clock.pendingCount > 0 { clock.advance(by: 1) }
                return false
            })
    }

    @Test("concurrent publishes from many threads: each device gets each publish once", arguments: StoreKind.tested)
    func concurrentPublishes(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        try await h.register(0..<50, interests: ["a", "b"])
        let api = h.api
        let ids = try await blocking {
            let group = DispatchGroup()
            let lock = NSLock()
            nonisolated(unsafe) var ids: [String] = []
            for n in 0..<20 {
                group.enter()
                Thread {
                    let interests: JSONValue = n % 2 == 0 ? ["a"] : ["a", "b"]
                    if let id = api.publish(["interests": interests, "notification": ["title": .string("n\(n)")]]).json?["publishId"]?
                        .stringValue
                    {
                        lock.withLock { ids.append(id) }
                    }
                    group.leave()
                }.start()
            }
            group.wait()
            return lock.withLock { ids }
        }
        #expect(ids.count == 20)
        await h.engine.runUntilIdle()
        let sent = h.deliverer.sent
        #expect(sent.count == 20 * 50)
        #expect(Set(sent.map { $0.publishID + $0.deviceToken }).count == 1000)
    }
}
