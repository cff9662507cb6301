import Foundation
import HeraldCore
import HeraldServerTestSupport
import HeraldTestSupport
import Testing
@testable import HeraldCLI

/// `herald device --platform fcm`: a simulated Android device registers its FCM token,
/// takes the messages the FCM simulator recorded for it and reports them delivered.
@Suite("herald device --platform fcm")
@MainActor
struct AndroidDeviceTests {
    static let token = "cX9-Az_07:APA91bHQw3-android"

    static func record(token: String, publish: String?) -> String {
        let data = publish.map { #","data":{"herald.publishId":"\#($0)","sku":"A1"}"# } ?? ""
        return #"{"name":"projects/p/messages/1","received":1,"message":{"token":"\#(token)","notification":{"title":"Sale","body":"Today"},"android":{"notification":{"click_action":"app://sale"}}\#(data)}}"#
            + "\n"
    }

    @Test("registers as an FCM device, shows its own messages, reports each Herald publish delivered with its device key")
    func takesMessages() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-android-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let recordFile = folder.appendingPathComponent("fcm-record.jsonl")
        let lines = "not json\n" + Self.record(token: "someone-else", publish: "pub_other") + Self.record(token: Self.token, publish: "pub_1")
            + Self.record(token: Self.token, publish: nil)
        try Data(lines.utf8).write(to: recordFile)
        let transport = RecordingGatewayTransport()
        transport.answer(201, #"{"deviceId":"dev_1","deviceKey":"hdk_1"}"#)
        transport.answer(202, #"{"accepted":1}"#)
        var printed: [String] = []
        let options = AndroidDeviceSession.Options(
            run: DeviceRun(name: "sam", interests: ["deploys"], expect: 2, timeout: 60, json: true), token: Self.token)
        let session = try AndroidDeviceSession(
            options: options, storage: folder, records: RecordFileReader(path: recordFile.path),
            client: { GatewayClient(baseURL: URL(fileURLWithPath: "/"), appID: "app_1", clientKey: "hck", transport: transport, stateDirectory: $0) },
            print: { printed.append($0) })
        #expect(try await session.run())
        let register = try transport.body(0)
        #expect(register["token"] == .string(Self.token) && register["platform"] == "fcm" && register["environment"] == nil)
        #expect(register["interests"] == ["deploys"])
        #expect(transport.sent[1].headers["Authorization"] == "Bearer hdk_1", "receipts carry the device key")
        let events = try #require(try transport.body(1)["events"]?.arrayValue)
        #expect(events.count == 1 && events[0]["event"] == "delivered" && events[0]["publishId"] == "pub_1" && events[0]["deviceId"] == "dev_1")
        let timeline = try printed.map { try JSONParser().parse(Array($0.utf8)) }
        let shown = timeline.filter { $0["event"] == "device.fcm" }
        #expect(shown.count == 2)
        #expect(shown.first?["title"] == "Sale" && shown.first?["link"] == "app://sale" && shown.first?["data"] == ["sku": "A1"])
        #expect(timeline.contains { $0["event"] == "device.unreadable" && $0["line"] == 1 })
        #expect(timeline.allSatisfy { $0["device"] == "sam" })
    }

    @Test(
        "an Android device refuses the options only an iOS device has, and a token FCM would not issue",
        arguments: [
            (["--scenario", "s.json"], "--scenario is for an iOS device"), (["--environment", "production"], "--environment is for an iOS device"),
            (["--service-extension"], "--service-extension is for an iOS device"), (["--token", "has space"], "printable ASCII"),
        ])
    func refusals(extra: [String], message: String) async {
        var arguments = [
            "device", "--platform", "fcm", "--gateway", "http://127.0.0.1:1", "--app", "app_1", "--client-key", "hck", "--record", "r.jsonl",
        ]
        if !extra.contains("--token") { arguments += ["--token", Self.token] }
        let run = await CLIRun(arguments + extra)
        #expect(run.status == 2)
        #expect(run.err.contains(message), "\(run.err)")
    }
}
