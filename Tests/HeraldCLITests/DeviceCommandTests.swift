import Foundation
import HeraldCore
import HeraldSimulator
import HeraldServerTestSupport
import HeraldTestSupport
import Testing
@testable import HeraldCLI

/// `herald device`: a simulated device registers through GatewayClient, plays the pushes
/// the APNs simulator recorded for its token through the runtime, and sends receipts.
@Suite("herald device")
@MainActor
struct DeviceCommandTests {
    static let token = String(repeating: "0", count: 60) + "1eef"
    static let publish = "pub_0123456789abcdef"

    static func record(token: String, publish: String, link: String) -> String {
        "{\"apnsId\":\"5a905c73-10ca-4abe-9a49-9dfee11407e7\",\"collapseId\":null,\"expiration\":null,"
            + "\"payload\":{\"aps\":{\"alert\":{\"title\":\"Deploy ready\",\"body\":\"v2.14.0\"}},\"herald\":{\"link\":\"\(link)\",\"publishId\":\"\(publish)\"}},"
            + "\"priority\":10,\"pushType\":\"alert\",\"token\":\"\(token)\",\"topic\":\"org.herald.demo\"}\n"
    }

    /// A fresh folder for the record file; the caller removes it.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-device-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("registers, plays its own push through the scenario (banner, tap, route), sends delivered and opened")
    func playsPush() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let recordFile = folder.appendingPathComponent("record.jsonl")
        // Another device's push first, then a line cut in the middle: neither is played yet.
        let other = Self.record(token: String(repeating: "a", count: 64), publish: "pub_other", link: "app://deploys/1")
        let mine = Self.record(token: Self.token, publish: Self.publish, link: "app://deploys/1290")
        try Data((other + mine.prefix(40)).utf8).write(to: recordFile)
        let transport = RecordingGatewayTransport()
        transport.answer(201, #"{"deviceId":"dev_1","deviceKey":"hdk_1"}"#)
        transport.answer(202, #"{"accepted":2}"#)
        let scenario = try Scenario(
            json: try JSONParser().parse(Data(contentsOf: repositoryRoot.appendingPathComponent("Examples/Gateway/maya.json"))))
        var lines: [String] = []
        let options = DeviceSession.Options(
            run: DeviceRun(name: "maya", interests: ["deploys"], userID: "maya", expect: 1, timeout: 120, json: true),
            token: try #require(DeviceToken(hex: Self.token)), environment: .sandbox)
        let session = try DeviceSession(
            options: options, scenario: scenario, records: RecordFileReader(path: recordFile.path),
            client: {
                GatewayClient(
                    baseURL: URL(fileURLWithPath: "/"), appID: "app_1", clientKey: "hck", transport: transport, stateDirectory: $0)
            },
            print: { lines.append($0) })
        let finished = Task { @MainActor in try await session.run() }
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(session.received == 0)
        let handle = try FileHandle(forWritingTo: recordFile)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(mine.dropFirst(40).utf8))
        try handle.close()
        #expect(try await finished.value)

        let register = try transport.body(0)
        #expect(transport.sent.first?.url.path.hasSuffix("/v1/apps/app_1/devices") == true)
        #expect(register["token"] == .string(Self.token))
        #expect(register["interests"] == ["deploys"])
        #expect(register["userId"] == "maya")
        let events = try #require(try transport.body(1)["events"]?.arrayValue)
        #expect(Set(events.compactMap { $0["event"]?.stringValue }) == ["delivered", "presented", "opened", "routed"])
        // The device's facts go with their receipts: how it was presented, where the tap led.
        #expect(events.first { $0["event"] == "presented" }?["facts"]?["presented"]?["how"] == "banner")
        #expect(events.first { $0["event"] == "routed" }?["facts"]?["routed"]?["matched"] == true)
        #expect(events.allSatisfy { $0["publishId"] == .string(Self.publish) && $0["deviceId"] == "dev_1" })
        let timeline = try lines.map { try JSONParser().parse(Array($0.utf8)) }
        let names = timeline.compactMap { $0["event"]?.stringValue }
        #expect(names.first == "device.registered")
        #expect(names.contains("banner.shown"))
        #expect(timeline.contains { $0["event"] == "navigation" && "\($0)".contains("DeployDetail") })
        #expect(names.last == "device.done")
        #expect(timeline.allSatisfy { $0["device"] == "maya" })
        #expect(transport.sent.count == 2)
    }

    /// The environments a device registered in, and its timeline's `device.registered`, when
    /// the gateway answers each registration with `answers` (201 bodies in order).
    func registrations(environmentChosen: Bool, _ answers: [String]) async throws -> (sent: [String], registered: JSONValue?) {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let recordFile = folder.appendingPathComponent("record.jsonl")
        try Data(Self.record(token: Self.token, publish: Self.publish, link: "app://x").utf8).write(to: recordFile)
        let transport = RecordingGatewayTransport()
        for answer in answers { transport.answer(201, answer) }
        transport.answer(202, #"{"accepted":2}"#)
        var lines: [String] = []
        var options = DeviceSession.Options(
            run: DeviceRun(name: "d", interests: ["news"], expect: 1, timeout: 30, json: true),
            token: try #require(DeviceToken(hex: Self.token)), environment: .sandbox)
        options.environmentChosen = environmentChosen
        let session = try DeviceSession(
            options: options, scenario: try Scenario(json: ["steps": [["launch": [:]], ["uiReady": true], ["state": "active"]]]),
            records: RecordFileReader(path: recordFile.path),
            client: {
                GatewayClient(baseURL: URL(fileURLWithPath: "/"), appID: "app_1", clientKey: "hck", transport: transport, stateDirectory: $0)
            },
            print: { lines.append($0) })
        #expect(try await session.run())
        let sent = try (0..<answers.count).map { try transport.body($0)["environment"]?.stringValue ?? "" }
        let registered = try lines.map { try JSONParser().parse(Array($0.utf8)) }.first { $0["event"] == "device.registered" }
        return (sent, registered)
    }

    @Test("without --environment: sandbox, or production when the gateway warns the app has no sandbox credentials; said")
    func environmentChosen() async throws {
        let noSandbox = #"{"deviceId":"dev_1","deviceKey":"hdk_1","warnings":["apns-sandbox: the app has no APNs sandbox credentials"]}"#
        let noProduction = #"{"deviceId":"dev_1","warnings":["apns-production: the app has no APNs production credentials"]}"#
        let fine = #"{"deviceId":"dev_1"}"#
        let switched = try await registrations(environmentChosen: false, [noSandbox, fine])
        #expect(switched.sent == ["sandbox", "production"])
        #expect(switched.registered?["environment"] == "production")
        #expect(switched.registered?["note"]?.stringValue?.contains("registered in production") == true)
        let given = try await registrations(environmentChosen: true, [noSandbox])
        #expect(given.sent == ["sandbox"] && given.registered?["warnings"] != nil, "--environment sandbox is kept, with the warning")
        let neither = try await registrations(environmentChosen: false, [noSandbox, noProduction, noSandbox])
        #expect(neither.sent == ["sandbox", "production", "sandbox"] && neither.registered?["environment"] == "sandbox")
    }

    @Test("with a Service Extension: the image is downloaded, delivered comes from the extension once, then the tap opens")
    func serviceExtension() async throws {
        let media = try MediaServer()
        defer { media.stop() }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let recordFile = folder.appendingPathComponent("record.jsonl")
        let payload =
            "{\"aps\":{\"alert\":{\"title\":\"Deploy ready\"},\"mutable-content\":1},\"herald\":{\"publishId\":\"\(Self.publish)\",\"image\":\"\(media.url("/m/png/48000/notes"))\",\"link\":\"app://deploys/7\"}}"
        try Data("{\"apnsId\":\"a\",\"payload\":\(payload),\"pushType\":\"alert\",\"token\":\"\(Self.token)\"}\n".utf8).write(
            to: recordFile)
        let transport = RecordingGatewayTransport()
        transport.answer(201, #"{"deviceId":"dev_1","deviceKey":"hdk_1"}"#)
        transport.answer(202, #"{"accepted":2}"#)
        let scenario = try Scenario(
            json: try JSONParser().parse(Data(contentsOf: repositoryRoot.appendingPathComponent("Examples/Gateway/leo.json"))))
        var options = DeviceSession.Options(
            run: DeviceRun(name: "leo", expect: 1, timeout: 120, json: true), token: try #require(DeviceToken(hex: Self.token)),
            environment: .sandbox)
        options.serviceExtension = true
        var lines: [String] = []
        let session = try DeviceSession(
            options: options, scenario: scenario, records: RecordFileReader(path: recordFile.path),
            client: {
                GatewayClient(baseURL: URL(fileURLWithPath: "/"), appID: "a", clientKey: "k", transport: transport, stateDirectory: $0)
            },
            print: { lines.append($0) })
        #expect(try await session.run())
        let timeline = try lines.map { try JSONParser().parse(Array($0.utf8)) }
        let extensionRun = try #require(timeline.first { $0["event"] == "device.extension" })
        #expect(extensionRun["attachments"] == ["png 48000 bytes"])
        #expect(extensionRun["trigger"] == "completed")
        let events = try #require(try transport.body(1)["events"]?.arrayValue)
        #expect(events.compactMap { $0["event"]?.stringValue }.sorted() == ["delivered", "opened", "routed"])
        // The extension's delivered receipt says what it kept.
        #expect(events.first { $0["event"] == "delivered" }?["facts"]?["extension"] == ["kept": 1, "trigger": "completed", "skipped": []])
    }

    @Test("lines that are not records are reported with their number; a folder as the record file is an error")
    func unreadable() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let recordFile = folder.appendingPathComponent("record.jsonl")
        try Data("garbage\n{\"token\":\"\(Self.token)\",\"payload\":[1]}\n".utf8).write(to: recordFile)
        func session(_ path: String, _ lines: @escaping (String) -> Void) throws -> DeviceSession {
            let transport = RecordingGatewayTransport()
            transport.answer(201, #"{"deviceId":"dev_1","deviceKey":"hdk_1"}"#)
            let options = DeviceSession.Options(
                run: DeviceRun(name: "d", expect: 1, timeout: 0.3, json: true), token: try #require(DeviceToken(hex: Self.token)),
                environment: .sandbox)
            return try DeviceSession(
                options: options, scenario: try Scenario(json: ["steps": []]), records: RecordFileReader(path: path),
                client: {
                    GatewayClient(baseURL: URL(fileURLWithPath: "/"), appID: "a", clientKey: "k", transport: transport, stateDirectory: $0)
                },
                print: lines)
        }
        var lines: [String] = []
        #expect(try await session(recordFile.path) { lines.append($0) }.run() == false)
        let unreadable = try lines.map { try JSONParser().parse(Array($0.utf8)) }.filter { $0["event"] == "device.unreadable" }
        #expect(unreadable.map { $0["line"] } == [.int(1), .int(2)])
        await #expect(throws: RecordFileReader.ReadError.self) { try await session(folder.path) { _ in }.run() }
    }

    @Test("bad options are refused with exit 2 and what to write")
    func usage() async {
        let missing = await CLIRun(["device", "--gateway", "http://127.0.0.1:1", "--app", "a", "--client-key", "k", "--token", "ab"])
        #expect(missing.status == 2)
        #expect(missing.err.contains("--record is required"))
        let badToken = await CLIRun([
            "device", "--gateway", "http://127.0.0.1:1", "--app", "a", "--client-key", "k", "--token", "xyz", "--record", "r",
        ])
        #expect(badToken.err.contains("--token: \"xyz\" is not an APNs token in hex: \"x\" is not a hex digit"))
        let badURL = await CLIRun(["device", "--gateway", "localhost", "--app", "a", "--client-key", "k", "--token", "ab", "--record", "r"])
        #expect(badURL.err.contains("--gateway: \"localhost\" is not an http or https URL such as"))
        let badScenario = await CLIRun([
            "device", "--gateway", "http://127.0.0.1:1", "--app", "a", "--client-key", "k", "--token", "ab", "--record", "r",
            "--scenario", repositoryRoot.appendingPathComponent("Examples/Payloads/fcm.json").path,
        ])
        #expect(badScenario.status == 2)
        #expect(badScenario.err.contains("steps"))
    }
}
