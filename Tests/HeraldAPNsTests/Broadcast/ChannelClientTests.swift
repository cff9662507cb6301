import Foundation
import HeraldAPNs
import HeraldAPNsSimulator
import HeraldCore
import Testing

/// Broadcast push notifications through `APNSClient` against the simulator: the channel
/// management API, a broadcast to a channel, and APNs' reasons when they fail.
@Suite("APNs channels and broadcasts")
struct ChannelClientTests {
    static let update: JSONValue = ["aps": ["timestamp": 1_718_870_700, "event": "update", "content-state": ["home": 1, "away": 0]]]

    @Test("create, read, list and delete channels with their storage policy")
    func lifecycle() async throws {
        let fixture = try SimulatorFixture()
        let client = try fixture.client()
        let kept = try await client.createChannel(bundleID: SimulatorFixture.bundleID, storagePolicy: .mostRecentMessageStored)
        let dropped = try await client.createChannel(bundleID: SimulatorFixture.bundleID, storagePolicy: .noMessageStored)
        #expect(kept.id != dropped.id)
        #expect(Data(base64Encoded: kept.id) != nil, "channel ids are base64")
        #expect(try await client.channel(kept.id, bundleID: SimulatorFixture.bundleID) == kept)
        #expect(try await client.channel(dropped.id, bundleID: SimulatorFixture.bundleID).storagePolicy == .noMessageStored)
        #expect(try await client.channelIDs(bundleID: SimulatorFixture.bundleID) == [kept.id, dropped.id])
        #expect(try await client.channelIDs(bundleID: "com.example.other").isEmpty, "channels belong to one app")
        try await client.deleteChannel(kept.id, bundleID: SimulatorFixture.bundleID)
        #expect(try await client.channelIDs(bundleID: SimulatorFixture.bundleID) == [dropped.id])
        let error = await #expect(throws: APNSError.self) { try await client.channel(kept.id, bundleID: SimulatorFixture.bundleID) }
        #expect(error?.reason == .channelNotRegistered)
        #expect(error?.status == 400)
        await client.shutdown()
    }

    @Test("a broadcast reaches the channel and is recorded with its channel id and request id")
    func broadcast() async throws {
        let fixture = try SimulatorFixture()
        let client = try fixture.client()
        let channel = try await client.createChannel(bundleID: SimulatorFixture.bundleID, storagePolicy: .noMessageStored)
        let requestID = "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f"
        let request = try APNSBroadcastRequest(
            channelID: channel.id, payload: Self.update, bundleID: SimulatorFixture.bundleID, priority: .powerConsiderate, expiration: 0,
            requestID: requestID)
        let response = try await client.broadcast(request)
        #expect(response.status == 200)
        #expect(response.apnsID == requestID)
        let recorded = try #require(fixture.simulator.accepted.first)
        #expect(recorded.channelID == channel.id)
        #expect(recorded.pushType == "liveactivity" && recorded.priority == 5 && recorded.expiration == 0)
        #expect(recorded.topic == SimulatorFixture.bundleID)
        #expect(try JSONParser().parse(recorded.payload) == Self.update)
        let line = try JSONParser().parse(Array(recorded.jsonLine.utf8))
        #expect(line["channelId"] == .string(channel.id))
        #expect(line["token"] == .null)
        await client.shutdown()
    }

    @Test("a broadcast to an unknown channel is ChannelNotRegistered; nothing is recorded")
    func unknownChannel() async throws {
        let fixture = try SimulatorFixture()
        let client = try fixture.client()
        let request = try APNSBroadcastRequest(channelID: "bm8tc3VjaC1jaGFubmVs", payload: Self.update, bundleID: SimulatorFixture.bundleID)
        let error = await #expect(throws: APNSError.self) { try await client.broadcast(request) }
        #expect(error?.reason == .channelNotRegistered)
        #expect(error?.errorClass == .permanent)
        #expect(fixture.simulator.acceptedCount == 0)
        await client.shutdown()
    }

    @Test("an app at its channel limit gets CannotCreateChannelConfig until it deletes one")
    func channelLimit() async throws {
        let fixture = try SimulatorFixture { $0.maxChannels = 2 }
        let client = try fixture.client()
        let first = try await client.createChannel(bundleID: SimulatorFixture.bundleID, storagePolicy: .noMessageStored)
        _ = try await client.createChannel(bundleID: SimulatorFixture.bundleID, storagePolicy: .noMessageStored)
        let error = await #expect(throws: APNSError.self) {
            try await client.createChannel(bundleID: SimulatorFixture.bundleID, storagePolicy: .noMessageStored)
        }
        #expect(error?.reason == .cannotCreateChannelConfig)
        try await client.deleteChannel(first.id, bundleID: SimulatorFixture.bundleID)
        _ = try await client.createChannel(bundleID: SimulatorFixture.bundleID, storagePolicy: .mostRecentMessageStored)
        #expect(try await client.channelIDs(bundleID: SimulatorFixture.bundleID).count == 2)
        await client.shutdown()
    }

    @Test("the channel API refuses a request without a valid provider token")
    func authorization() throws {
        let fixture = try SimulatorFixture()
        let answer = fixture.curl(path: "/1/apps/com.example.app/all-channels", headers: [], body: nil, method: "GET")
        #expect(answer.status == 403)
        #expect(answer.body.contains("MissingProviderToken"))
    }

    @Test(
        "the simulator answers malformed channel and broadcast requests with APNs' reasons",
        arguments: [
            ("/1/apps/com.example.app/channels", "POST", [String](), #"{"message-storage-policy":0}"#, 400, "MissingPushType"),
            ("/1/apps/com.example.app/channels", "POST", [], #"{"message-storage-policy":0,"push-type":"Alert"}"#, 400, "InvalidPushType"),
            ("/1/apps/com.example.app/channels", "GET", [], nil, 400, "MissingChannelId"),
            ("/1/apps/com.example.app/channels", "DELETE", ["apns-channel-id: not base64!"], nil, 400, "BadChannelId"),
            ("/1/apps/com.example.app/channels", "PUT", [], nil, 405, "MethodNotAllowed"),
            ("/1/apps/com.example.app/nothing", "GET", [], nil, 404, "BadPath"),
            ("/4/broadcasts/apps/com.example.app", "POST", ["apns-push-type: liveactivity"], #"{"aps":{}}"#, 400, "MissingChannelId"),
        ])
    func malformed(path: String, method: String, headers: [String], body: String?, status: Int, reason: String) throws {
        let fixture = try SimulatorFixture()
        let answer = fixture.curl(path: path, headers: ["authorization: bearer \(try fixture.jwt())"] + headers, body: body, method: method)
        #expect(answer.status == status)
        #expect(answer.body.contains("\"\(reason)\""), "\(answer.body)")
    }

    @Test("a broadcast of the wrong push type, priority or size is refused with APNs' reason")
    func broadcastChecks() async throws {
        let fixture = try SimulatorFixture()
        let client = try fixture.client()
        let channel = try await client.createChannel(bundleID: SimulatorFixture.bundleID, storagePolicy: .noMessageStored)
        let jwt = try fixture.jwt()
        func post(_ headers: [String], _ body: String = #"{"aps":{"event":"update","timestamp":1,"content-state":{}}}"#) -> CurlAnswer {
            fixture.curl(
                path: "/4/broadcasts/apps/com.example.app", headers: ["authorization: bearer \(jwt)", "apns-channel-id: \(channel.id)"] + headers,
                body: body)
        }
        #expect(post(["apns-push-type: alert"]).body.contains("InvalidPushType"))
        #expect(post([]).body.contains("MissingPushType"))
        #expect(post(["apns-push-type: liveactivity", "apns-priority: 1"]).body.contains("BadPriority"))
        let big = post(["apns-push-type: liveactivity"], #"{"aps":{"x":""# + String(repeating: "a", count: 4100) + #""}}"#)
        #expect(big.status == 413)
        let good = post(["apns-push-type: liveactivity"])
        #expect(good.status == 200)
        #expect(good.headers["apns-request-id"] != nil)
        #expect(fixture.simulator.acceptedCount == 1)
        await client.shutdown()
    }
}
