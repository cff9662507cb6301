import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldAPNsSimulator
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldGateway
@testable import HeraldGatewayAPNs

/// The gateway's HeraldAPNs deliverer against the APNs simulator: every header the gateway
/// sets reaches APNs, every answer comes back as the outcome the engine classifies.
@Suite("APNsPushDeliverer against the APNs simulator", .serialized)
struct APNsPushDelivererTests {
    static let keyID = "GATEWAY123"
    static let teamID = "TEAM123456"

    /// A simulator that trusts a fresh key, and credentials with that key pointed at it.
    static func simulator(faults: [SimulatorFault] = []) throws -> (APNSSimulator, APNSCredentials) {
        let key = try APNSSigningKey.generate()
        var configuration = APNSSimulatorConfiguration()
        configuration.trustedKeys = [.init(keyID: keyID, teamID: teamID, publicKey: try key.publicKey())]
        configuration.faults = faults
        let simulator = try APNSSimulator.start(configuration)
        let credentials = APNSCredentials(
            environment: .sandbox, method: .token(keyID: keyID, teamID: teamID, privateKeyPEM: try key.pkcs8PEM()),
            endpoint: simulator.url, caFile: simulator.caFile)
        return (simulator, credentials)
    }

    func notification(_ n: Int, apnsID: String = UUID().uuidString.lowercased()) -> OutgoingNotification {
        OutgoingNotification(
            deviceToken: String(format: "%064x", n), bundleID: "org.herald.demo", pushType: "alert", priority: 10, expiration: nil,
            collapseID: "pub_1", apnsID: apnsID, payload: Array(#"{"aps":{"alert":"Hi"},"herald":{"publishId":"pub_1"}}"#.utf8),
            publishID: "pub_1")
    }

    @Test("a client error becomes its outcome: refused by APNs, unsendable as written, or a transport failure to retry")
    func outcomes() {
        let refused = APNSError(status: 400, reason: .badTopic)
        #expect(APNsPushDeliverer.outcome(.failure(refused)) == .rejected(refused))
        #expect(APNsPushDeliverer.outcome(.failure(APNSRequestError("priority", "5 is not allowed"))) == .unsendable("priority: 5 is not allowed"))
        let lost = APNSTransportError(.connectionLost, "gone")
        #expect(APNsPushDeliverer.outcome(.failure(lost)) == .transportFailure(lost.description))
    }

    @Test("accepted, refused with a 410 timestamp, and a wrong key: one outcome per notification, in order")
    func outcomes() async throws {
        let (simulator, credentials) = try Self.simulator(faults: [
            SimulatorFault(.token(String(format: "%064x", 2)), .reject(status: 410, reason: "Unregistered"))
        ])
        defer { simulator.stop() }
        let deliverer = APNsPushDeliverer()
        let sent = (1...3).map { notification($0) }
        let outcomes = await deliverer.deliver(sent, credentials: credentials)
        #expect(outcomes.count == 3)
        #expect(outcomes[0] == .accepted(apnsID: sent[0].apnsID))
        #expect(outcomes[2] == .accepted(apnsID: sent[2].apnsID))
        guard case .rejected(let error) = outcomes[1] else {
            Issue.record("expected a 410, got \(outcomes[1])")
            return
        }
        #expect(error.status == 410 && error.reason == .unregistered && error.errorClass == .invalidToken)
        #expect(error.timestamp != nil)
        #expect(simulator.acceptedCount == 2)
        let first = try #require(simulator.accepted.first { $0.token == sent[0].deviceToken })
        #expect(first.topic == "org.herald.demo" && first.pushType == "alert" && first.priority == 10)
        #expect(first.collapseID == "pub_1" && first.apnsID == sent[0].apnsID && first.payload == sent[0].payload)

        let other = try APNSSigningKey.generate()
        let untrusted = APNSCredentials(
            environment: .sandbox, method: .token(keyID: "OTHER12345", teamID: Self.teamID, privateKeyPEM: try other.pkcs8PEM()),
            endpoint: simulator.url, caFile: simulator.caFile)
        let refused = await deliverer.deliver([notification(4)], credentials: untrusted)
        guard case .rejected(let error)? = refused.first, error.status == 403, error.refusesCredentials else {
            Issue.record("a key the simulator does not trust must be refused with 403, got \(refused)")
            return
        }
        #expect(
            await deliverer.deliver([notification(5)], credentials: nil) == [
                .refused(403, "MissingProviderToken")
            ])
    }

    @Test("a channel made, broadcast to and deleted through the simulator; a deleted channel refuses broadcasts")
    func channels() async throws {
        let (simulator, credentials) = try Self.simulator()
        defer { simulator.stop() }
        let deliverer = APNsPushDeliverer()
        let made = await deliverer.manageChannel(.create(storagePolicy: .mostRecent), bundleID: "org.herald.demo", credentials: credentials)
        guard case .created(let apnsChannelID) = made else {
            Issue.record("expected a channel, got \(made)")
            return
        }
        let payload = Array(
            #"{"aps":{"event":"update","timestamp":1800000000,"content-state":{"step":2}},"herald":{"publishId":"pub_1"}}"#.utf8)
        func broadcast(_ requestID: String) -> OutgoingBroadcast {
            OutgoingBroadcast(
                apnsChannelID: apnsChannelID, channelID: "ch_1", bundleID: "org.herald.demo", priority: 5, expiration: 1_900_000_000,
                requestID: requestID, payload: payload, publishID: "pub_1")
        }
        let requestID = UUID().uuidString.lowercased()
        #expect(await deliverer.broadcast(broadcast(requestID), credentials: credentials) == .accepted(apnsID: requestID))
        let recorded = try #require(simulator.accepted.first { $0.channelID == apnsChannelID })
        #expect(recorded.apnsID == requestID && recorded.pushType == "liveactivity" && recorded.priority == 5)
        #expect(recorded.expiration == 1_900_000_000)
        #expect(try JSONParser().parse(recorded.payload) == (try JSONParser().parse(payload)))

        #expect(
            await deliverer.manageChannel(.delete(apnsChannelID: apnsChannelID), bundleID: "org.herald.demo", credentials: credentials)
                == .deleted)
        let refused = await deliverer.broadcast(broadcast(UUID().uuidString.lowercased()), credentials: credentials)
        guard case .rejected(let error) = refused else {
            Issue.record("a deleted channel must refuse the broadcast, got \(refused)")
            return
        }
        #expect(error.reason == .channelNotRegistered)
        #expect(simulator.accepted.count == 1)
        // A start is refused before anything is sent.
        let start = Array(#"{"aps":{"event":"start","timestamp":1,"content-state":{},"attributes-type":"A","attributes":{}}}"#.utf8)
        var starting = broadcast(UUID().uuidString.lowercased())
        starting.payload = start
        guard case .unsendable(let why) = await deliverer.broadcast(starting, credentials: credentials) else {
            Issue.record("a start must be unsendable")
            return
        }
        #expect(why.contains("cannot start"))
    }

    @Test("the engine makes a channel, broadcasts a publish to it and deletes it, through the simulator")
    @MainActor func channelThroughTheEngine() async throws {
        let (simulator, credentials) = try Self.simulator()
        defer { simulator.stop() }
        let api = try APIHarness(.sqlite)
        _ = try api.fixture.store.setCredentials(appID: api.appID, credentials)
        let wall = api.clock
        let engine = DeliveryEngine(
            store: api.fixture.store, deliverer: APNsPushDeliverer(), clock: ManualServerClock(now: wall.now), wallTime: { wall.now },
            jitter: { 1 })
        let channels = "/v1/apps/\(api.appID)/channels"
        let created = api.send("POST", channels, key: api.serverKey, json: ["environment": "sandbox"])
        let id = try #require(created.json?["channelId"]?.stringValue)
        await engine.runUntilIdle()
        let channel = api.send("GET", channels + "/" + id, key: api.serverKey).json
        #expect(channel?["state"] == "active")
        let apnsChannelID = try #require(channel?["apnsChannelId"]?.stringValue)

        let publish = api.publish(["channels": [.string(id)], "apns": ["aps": ["event": "update", "content-state": ["score": "2-1"]]]])
        let publishID = try #require(publish.json?["publishId"]?.stringValue)
        await engine.runUntilIdle()
        let recorded = try #require(simulator.accepted.first { $0.channelID == apnsChannelID })
        #expect(recorded.pushType == "liveactivity" && recorded.priority == 10)
        #expect(try JSONParser().parse(recorded.payload)["herald"]?["publishId"] == .string(publishID))
        let status = api.send("GET", api.publishes + "/" + publishID, key: api.serverKey).json
        #expect(status?["status"] == "done")
        #expect(status?["targeted"] == 1)
        #expect(status?["sent"] == 1)

        #expect(api.send("DELETE", channels + "/" + id, key: api.serverKey).status == 202)
        await engine.runUntilIdle()
        #expect(api.send("GET", channels + "/" + id, key: api.serverKey).json?["state"] == "deleted")
    }

    @Test("batches that arrive at once share one client: its connections, not a pool per batch")
    @MainActor func concurrentBatchesShareOneClient() async throws {
        let (simulator, credentials) = try Self.simulator()
        defer { simulator.stop() }
        let deliverer = APNsPushDeliverer(connections: 1)
        // The engine hands the deliverer 4 batches at once. The client is made on the main
        // actor, which this test holds for a moment: all 4 batches ask for it before it exists.
        let outcomes = await withTaskGroup(of: [DeliveryOutcome].self) { group in
            for batch in 0..<4 {
                let sent = (1...50).map { notification(batch * 50 + $0) }
                group.addTask { await deliverer.deliver(sent, credentials: credentials) }
            }
            Self.block(seconds: 0.3)
            var all: [DeliveryOutcome] = []
            for await outcomes in group { all += outcomes }
            return all
        }
        #expect(outcomes.count == 200)
        #expect(outcomes.allSatisfy { if case .accepted = $0 { true } else { false } })
        #expect(simulator.acceptedCount == 200)
        #expect(simulator.statistics.connections == 1)
    }

    /// Blocks the calling thread (here the main actor's) without suspending.
    static func block(seconds: Double) { Thread.sleep(forTimeInterval: seconds) }

    @Test("one publish's payload is checked once per batch, but a bad token or a second publish stays its own")
    func templates() async throws {
        let (simulator, credentials) = try Self.simulator()
        defer { simulator.stop() }
        var badToken = notification(1)
        badToken.deviceToken = "not-hex"
        var other = notification(3)
        other.payload = Array(#"{"aps":{"alert":"Other"},"herald":{"publishId":"pub_2"}}"#.utf8)
        other.collapseID = "pub_2"
        var badPayload = notification(4)
        badPayload.payload = Array(#"{"aps":{"badge":"many"}}"#.utf8)
        let batch = [badToken, notification(2), other, badPayload, notification(5)]
        let outcomes = await APNsPushDeliverer().deliver(batch, credentials: credentials)
        guard case .unsendable(let reason) = outcomes[0] else {
            Issue.record("a bad token is refused before sending, got \(outcomes[0])")
            return
        }
        #expect(reason.contains("device token"))
        #expect(outcomes[1] == .accepted(apnsID: batch[1].apnsID))
        #expect(outcomes[2] == .accepted(apnsID: batch[2].apnsID))
        guard case .unsendable = outcomes[3] else {
            Issue.record("a payload with lint errors is refused before sending, got \(outcomes[3])")
            return
        }
        #expect(outcomes[4] == .accepted(apnsID: batch[4].apnsID))
        let received = Dictionary(uniqueKeysWithValues: simulator.accepted.map { ($0.token, $0) })
        #expect(received.count == 3)
        #expect(received[batch[2].deviceToken]?.payload == other.payload)
        #expect(received[batch[2].deviceToken]?.collapseID == "pub_2")
        #expect(received[batch[4].deviceToken]?.payload == batch[4].payload)
        #expect(received[batch[4].deviceToken]?.apnsID == batch[4].apnsID)
    }
}
