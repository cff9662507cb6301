import Foundation
import HeraldCore
import HeraldSimulator
import HeraldTestSupport
import Testing
@testable import HeraldCLI

/// `herald device --live-activity TYPE`: the device reports a push-to-start token, starts
/// an activity when a start push arrives for it (reporting the activity's update token),
/// shows its updates and ends it (reported), as ActivityKit and the adapter would.
@Suite("herald device: Live Activities")
@MainActor
struct DeviceLiveActivityTests {
    static let token = DeviceCommandTests.token

    static func record(_ token: DeviceToken, _ aps: JSONValue) -> String {
        let record: JSONValue = [
            "apnsId": "5a905c73-10ca-4abe-9a49-9dfee11407e7", "payload": ["aps": aps, "herald": ["publishId": "pub_1"]],
            "pushType": "liveactivity", "token": .string(token.hex), "topic": "org.herald.demo.push-type.liveactivity",
        ]
        return JSONWriter.serialize(record) + "\n"
    }

    @Test("a start to the push-to-start token starts an activity; its updates show; its end is reported once")
    func playsActivity() async throws {
        let folder = try DeviceCommandTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let device = try #require(DeviceToken(hex: Self.token))
        let pushToStart = DeviceLiveActivities.derived(device, 0x50), activity = DeviceLiveActivities.derived(device, 0xA1)
        let start: JSONValue = [
            "event": "start", "timestamp": 1, "attributes-type": "DeployAttributes", "attributes": ["service": "api"],
            "content-state": ["step": 0], "alert": ["title": "Deploy"], "input-push-token": 1,
        ]
        let lines =
            Self.record(pushToStart, start) + Self.record(activity, ["event": "update", "timestamp": 2, "content-state": ["step": 1]])
            + Self.record(DeviceLiveActivities.derived(device, 0xA2), ["event": "update", "timestamp": 2, "content-state": [:]])
            + Self.record(activity, ["event": "update", "timestamp": 3, "content-state": ["step": 2]])
            + Self.record(activity, ["event": "end", "timestamp": 4, "content-state": ["step": 3]])
        try Data(lines.utf8).write(to: folder.appendingPathComponent("record.jsonl"))
        let transport = RecordingGatewayTransport()
        transport.answer(201, #"{"deviceId":"dev_1","deviceKey":"hdk_1"}"#)
        transport.answer(200)
        transport.answer(201)
        transport.answer(200)
        var options = DeviceSession.Options(
            run: DeviceRun(name: "ops", expect: 4, timeout: 120, json: true), token: device, environment: .sandbox)
        options.liveActivityType = "DeployAttributes"
        var printed: [String] = []
        let session = try DeviceSession(
            options: options, scenario: try Scenario(json: ["steps": []]),
            records: RecordFileReader(path: folder.appendingPathComponent("record.jsonl").path),
            client: {
                GatewayClient(baseURL: URL(fileURLWithPath: "/"), appID: "a", clientKey: "k", transport: transport, stateDirectory: $0)
            },
            print: { printed.append($0) })
        #expect(try await session.run())

        #expect(transport.sent.map(\.method) == ["POST", "PUT", "PUT", "DELETE"])
        #expect(transport.sent[1].url.path.hasSuffix("/v1/apps/a/devices/dev_1/push-to-start/DeployAttributes"))
        #expect(try transport.body(1) == ["token": .string(pushToStart.hex)])
        let activityPath = try #require(transport.sent[2].url.path.components(separatedBy: "/live-activities/").last)
        #expect(try transport.body(2) == ["activityType": "DeployAttributes", "token": .string(activity.hex)])
        #expect(transport.sent[3].url.path.hasSuffix("/live-activities/" + activityPath))
        #expect(transport.sent.dropFirst().allSatisfy { $0.headers["Authorization"] == "Bearer hdk_1" })

        let timeline = try printed.map { try JSONParser().parse(Array($0.utf8)) }
        let events = timeline.compactMap { $0["event"]?.stringValue }.filter { $0.hasPrefix("device.activity") }
        #expect(
            events == [
                "device.activity.pushToStart", "device.activity.started", "device.activity.token", "device.activity.updated",
                "device.activity.updated", "device.activity.ended",
            ])
        let updates = timeline.filter { $0["event"] == "device.activity.updated" }.map { $0["contentState"]?["step"] }
        #expect(updates == [.int(1), .int(2)])
        #expect(timeline.first { $0["event"] == "device.activity.ended" }?["gateway"] == "reported")
        #expect(session.received == 4)
    }

    @Test("--live-activity takes an ActivityAttributes type name")
    func usage() {
        #expect(LiveActivityContent.isActivityTypeName("DeployAttributes"))
        #expect(LiveActivityContent.isActivityTypeName("App.Deploy_2"))
        #expect(!LiveActivityContent.isActivityTypeName("9Lives"))
        #expect(!LiveActivityContent.isActivityTypeName("De ploy"))
        #expect(!LiveActivityContent.isActivityTypeName(""))
    }
}
