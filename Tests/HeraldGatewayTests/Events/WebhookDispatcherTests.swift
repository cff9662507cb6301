import Foundation
import HeraldServerTestSupport
import HeraldShared
import HeraldTestSupport
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// A transport that records each request and answers with the next of `answers`
/// (then 200), at once.
final class RecordingWebhookTransport: WebhookTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [WebhookAnswer]
    private(set) var requests: [WebhookRequest] = []

    init(answers: [WebhookAnswer] = []) { self.answers = answers }

    func post(_ request: WebhookRequest, completion: @escaping @Sendable (WebhookAnswer) -> Void) {
        let answer = lock.withLock {
            requests.append(request)
            return answers.isEmpty ? WebhookAnswer(status: 200) : answers.removeFirst()
        }
        completion(answer)
    }

    var sent: [WebhookRequest] { lock.withLock { requests } }

    /// The event ids each request carried, in order.
    var eventIDs: [[String]] {
        sent.map { request in
            let body = (try? JSONParser().parse(request.body)) ?? .null
            if body.objectValue?["type"] == .string("batch") {
                return body.objectValue?["data"]?.objectValue?["events"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue } ?? []
            }
            return [body.objectValue?["id"]?.stringValue ?? "?"]
        }
    }
}

extension WebhookRequest {
    func header(_ name: String) -> String? { headers.first { $0.0 == name }?.1 }
}

@Suite("Webhooks: the dispatcher")
struct WebhookDispatcherTests {
    final class Wall: @unchecked Sendable {
        var now = 1_000.0
    }

    static func dispatcher(
        _ fixture: StoreFixture, _ transport: RecordingWebhookTransport, wall: Wall, policy: WebhookPolicy = WebhookPolicy(batchSize: 3)
    ) throws -> WebhookDispatcher {
        // The process is on the store, as `herald serve` is: its claims are its own.
        _ = try fixture.store.recoverInFlight(now: wall.now, lease: 30)
        return WebhookDispatcher(
            store: fixture.store, transport: transport, policy: policy, owner: fixture.store.instance.id, clock: ManualServerClock(),
            wallTime: { wall.now })
    }

    static func endpoint(_ fixture: StoreFixture, events: [String], now: Double = 1_000) throws -> WebhookRecord {
        try fixture.store.createWebhook(
            NewWebhook(
                id: "wh_\(events.joined())", appID: fixture.appID, url: "https://hooks.example.com/in", events: events, description: nil,
                secret: WebhookMessage.newSecret(), now: now), limit: 20)
    }

    /// Steps until the transport has nothing new to do (answers come back at once).
    static func drain(_ dispatcher: WebhookDispatcher, steps: Int = 20) {
        for _ in 0..<steps { dispatcher.step() }
    }

    @Test("an endpoint gets what happens after it was made, in log order: one event alone, high-volume ones batched, other types skipped", arguments: StoreKind.tested)
    func orderAndBatches(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.register(1)  // before the endpoint: not sent
        let hook = try Self.endpoint(fixture, events: ["delivery.*", "publish.completed"])
        try fixture.register(4, from: 1)  // device.registered: not asked for
        _ = try fixture.publish(.interests(["news"]))
        try fixture.fanOutAll()
        try fixture.deliverAll()
        let transport = RecordingWebhookTransport()
        let wall = Wall()
        Self.drain(try Self.dispatcher(fixture, transport, wall: wall))
        let log = try StoreEventLogTests.all(fixture)
        let deliveries = log.filter { $0.type.hasPrefix("delivery.") }.map(\.id)
        let completed = try #require(log.first { $0.type == "publish.completed" }).id
        #expect(transport.eventIDs == [Array(deliveries[0..<3]), Array(deliveries[3...]), [completed]])
        #expect(transport.sent[0].header("webhook-id") == "\(deliveries[0])_\(deliveries[2].dropFirst(4))")
        #expect(transport.sent[2].header("webhook-id") == completed)
        let stored = try #require(try fixture.store.webhook(appID: fixture.appID, id: hook.id))
        #expect(stored.cursor == log.last?.cursor)
        #expect(stored.lastSuccessAt == 1_000)
        #expect(try fixture.store.webhookAttempts(appID: fixture.appID, id: hook.id, limit: 10).map(\.status) == [200, 200, 200])
    }

    @Test("a failing endpoint waits out the schedule and then gets every event, in order, with the same ids", arguments: StoreKind.tested)
    func retries(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let hook = try Self.endpoint(fixture, events: ["*"])
        try fixture.register(3)
        let transport = RecordingWebhookTransport(answers: [WebhookAnswer(status: 503), WebhookAnswer(status: nil, error: "timed out")])
        let wall = Wall()
        let dispatcher = try Self.dispatcher(fixture, transport, wall: wall, policy: WebhookPolicy(retrySchedule: [5, 30], batchSize: 3))
        Self.drain(dispatcher)
        #expect(transport.sent.count == 1, "nothing more before the first wait")
        let failing = try #require(try fixture.store.webhook(appID: fixture.appID, id: hook.id))
        #expect(failing.failures == 1 && failing.nextAt == 1_005 && failing.lastFailureStatus == 503)
        wall.now = 1_005
        Self.drain(dispatcher)
        #expect(transport.sent.count == 2)
        wall.now = 1_035
        Self.drain(dispatcher)
        let log = try StoreEventLogTests.all(fixture).map(\.id)
        #expect(transport.eventIDs == [[log[0]], [log[0]], [log[0]], [log[1]], [log[2]]])
        let healthy = try #require(try fixture.store.webhook(appID: fixture.appID, id: hook.id))
        #expect(healthy.failures == 0 && healthy.enabled)
        #expect(healthy.lastFailureError == "timed out")
    }

    @Test("410 disables the endpoint, so does a schedule run out; its events stay, and enabling it sends them", arguments: StoreKind.tested)
    func disabled(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let gone = try Self.endpoint(fixture, events: ["device.*"])
        let dead = try Self.endpoint(fixture, events: ["*"])
        try fixture.register(1)
        let transport = RecordingWebhookTransport(answers: [WebhookAnswer(status: 410), WebhookAnswer(status: 500), WebhookAnswer(status: 500)])
        let wall = Wall()
        let dispatcher = try Self.dispatcher(fixture, transport, wall: wall, policy: WebhookPolicy(retrySchedule: [1], batchSize: 3))
        Self.drain(dispatcher)
        wall.now = 1_001
        Self.drain(dispatcher)
        let store = fixture.store
        #expect(try store.webhook(appID: fixture.appID, id: gone.id)?.disabledReason == "gone")
        #expect(try store.webhook(appID: fixture.appID, id: dead.id)?.disabledReason == "retries_exhausted")
        let stopped = try #require(try store.webhook(appID: fixture.appID, id: dead.id))
        #expect(try store.webhookBacklog(appID: fixture.appID, after: stopped.cursor, matching: nil, limit: 10).count == 1)
        let sentBefore = transport.sent.count
        Self.drain(dispatcher)
        #expect(transport.sent.count == sentBefore, "a disabled endpoint gets nothing")
        _ = try store.updateWebhook(appID: fixture.appID, id: dead.id, WebhookChange(enabled: true), now: 1_002)
        wall.now = 1_002
        Self.drain(dispatcher)
        #expect(transport.sent.count == sentBefore + 1)
        #expect(try store.webhook(appID: fixture.appID, id: dead.id)?.enabled == true)
    }

    @Test("a replay sends again what came since; a rotated secret signs beside the new one for a day", arguments: StoreKind.tested)
    func replayAndRotation(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let hook = try Self.endpoint(fixture, events: ["*"])
        try fixture.register(1, now: 1_000)
        try fixture.register(1, from: 1, now: 2_000)
        let transport = RecordingWebhookTransport()
        let wall = Wall()
        wall.now = 2_000
        let dispatcher = try Self.dispatcher(fixture, transport, wall: wall)
        Self.drain(dispatcher)
        #expect(transport.sent.count == 2)
        let store = fixture.store
        _ = try store.rotateWebhookSecret(appID: fixture.appID, id: hook.id, secret: WebhookMessage.newSecret(), keepOldUntil: 2_000 + 86_400, now: 2_000)
        _ = try store.replayWebhook(appID: fixture.appID, id: hook.id, since: 1_500, now: 2_000)
        Self.drain(dispatcher)
        #expect(transport.eventIDs.count == 3)
        #expect(transport.eventIDs[2] == transport.eventIDs[1], "the event since 1500 again, with its id")
        #expect(transport.sent[2].header("webhook-signature")?.split(separator: " ").count == 2)
        let rotated = try #require(try store.webhook(appID: fixture.appID, id: hook.id))
        #expect(rotated.signingSecrets(now: 2_000 + 86_401) == [rotated.secret])
    }

    @Test("Standard Webhooks' own library verifies a single event, a batch, and both signatures after a rotation")
    func standardWebhooksVerifies() throws {
        let old = WebhookMessage.newSecret(), new = WebhookMessage.newSecret()
        let event = LoggedEvent(cursor: EventCursor(seq: 42), type: "delivery.failed", at: 1_765_000_000.25, data: #"{"publishId":"pub_1","reason":"BadDeviceToken"}"#)
        let second = LoggedEvent(cursor: EventCursor(seq: 43), type: "delivery.sent", at: 1_765_000_000.5, data: #"{"publishId":"pub_1"}"#)
        let selector = try EventSelector(["delivery.*"])
        let single = try #require(WebhookMessage.next([event], selector: selector, batchSize: 1, now: 1_765_000_001).message)
        let batch = try #require(WebhookMessage.next([event, second], selector: selector, batchSize: 100, now: 1_765_000_001).message)
        let timestamp = Int(Date().timeIntervalSince1970)
        let script = """
            import json, sys
            from standardwebhooks.webhooks import Webhook
            for case in json.loads(sys.argv[1]):
                for secret in case["secrets"]:
                    payload = Webhook(secret).verify(case["body"], case["headers"])
                    print(payload.get("type"), len(payload.get("data", {}).get("events", [])) if payload.get("type") == "batch" else payload["id"])
            """
        var cases: [JSONValue] = []
        for (message, secrets) in [(single, [new]), (batch, [new, old])] {
            let headers = message.headers(timestamp: timestamp, secrets: [new, old].prefix(secrets.count).map { $0 })
            cases.append([
                "body": .string(message.body), "secrets": .array(secrets.map(JSONValue.string)),
                "headers": .object(Dictionary(headers.map { ($0.0, JSONValue.string($0.1)) }, uniquingKeysWith: { a, _ in a })),
            ])
        }
        let out = try PythonTools.run(script, [JSONWriter.serialize(.array(cases))])
        #expect(out.split(separator: "\n") == ["delivery.failed \(event.id)", "batch 2", "batch 2"])
    }
}

@Suite("Webhooks: two gateways on PostgreSQL")
struct WebhookSharedDispatcherTests {
    @Test("two dispatchers on one database share an endpoint's events without sending one twice")
    func shared() throws {
        guard StoreKind.tested.contains(.postgres) else { return }
        let fixture = try StoreFixture(.postgres)
        let other = try PostgresStore(url: fixture.location, connections: 4)
        _ = try WebhookDispatcherTests.endpoint(fixture, events: ["*"])
        let transport = RecordingWebhookTransport()
        let wall = WebhookDispatcherTests.Wall()
        let policy = WebhookPolicy(batchSize: 5)
        // Each process is on the store (a claim of a process that is not is free to take).
        for store in [fixture.store, other as any GatewayStore] { _ = try store.recoverInFlight(now: wall.now, lease: 30) }
        #expect(fixture.store.instance.id != other.instance.id)
        let first = WebhookDispatcher(
            store: fixture.store, transport: transport, policy: policy, owner: fixture.store.instance.id, clock: ManualServerClock(),
            wallTime: { wall.now })
        let second = WebhookDispatcher(
            store: other, transport: transport, policy: policy, owner: other.instance.id, clock: ManualServerClock(), wallTime: { wall.now })
        for round in 0..<6 {
            try fixture.register(5, from: round * 5)
            // Both step at once, as two processes would.
            let group = DispatchGroup()
            for dispatcher in [first, second] {
                group.enter()
                Thread {
                    for _ in 0..<4 { dispatcher.step() }
                    group.leave()
                }.start()
            }
            group.wait()
        }
        // Then until both have nothing left (each step records the last answer or sends the next batch).
        for _ in 0..<40 {
            first.step()
            second.step()
        }
        let ids = transport.eventIDs.flatMap { $0 }
        let log = try StoreEventLogTests.all(fixture).map(\.id)
        #expect(ids.count == log.count, "each event sent once")
        #expect(Set(ids) == Set(log))
        #expect(ids == log, "in log order")
    }
}
