import Foundation
import HeraldCore
import Testing
@testable import HeraldStore

/// `herald app export-devices`, read back by `import-devices`: moving an app's devices to
/// another data folder (or database) loses nothing a device said about itself.
@Suite("herald app export-devices")
struct AppExportTests {
    /// A fresh data folder with one app; removed by `remove()`.
    struct Folder {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("herald-export-\(UUID().uuidString)").path
        let appID: String
        let store: SQLiteStore

        init() async throws {
            appID = try await AppCommandTests.createApp(data: path)
            store = try SQLiteStore(directory: URL(fileURLWithPath: path))
        }

        func remove() { try? FileManager.default.removeItem(atPath: path) }

        func register(_ registration: DeviceRegistration) throws {
            _ = try store.registerDevice(appID: appID, registration, quota: .unlimited, now: 5)
        }

        func export() async -> CLIRun { await CLIRun(["app", "export-devices", "--data", path, "--app", appID]) }

        /// Every device, by token.
        func devices() throws -> [String: DeviceRecord] {
            let all = try store.devices(appID: appID, matching: .after(""), limit: 10_000)
            return Dictionary(uniqueKeysWithValues: all.map { ($0.token, $0) })
        }
    }

    /// Everything a device is, without what an import makes anew (id, times, key).
    static func essence(_ device: DeviceRecord) -> String {
        let tags = JSONWriter.serialize(.object(device.tags))
        return [
            device.platform.rawValue, device.token, device.environment.rawValue, device.interests.sorted().joined(separator: ","),
            device.userID ?? "-", device.locale ?? "-", device.timeZone ?? "-", device.appVersion ?? "-", tags,
            JSONWriter.serialize(device.metadata),
        ].joined(separator: " | ")
    }

    @Test(
        "an app's devices exported and imported into another folder are the same devices: platform, interests, user, attributes, tags and metadata"
    )
    func roundTrip() async throws {
        let old = try await Folder(), new = try await Folder()
        defer { old.remove(); new.remove() }
        let ios = String(repeating: "0a", count: 32), plain = String(repeating: "0b", count: 32), dead = String(repeating: "0c", count: 32)
        try old.register(
            DeviceRegistration(
                token: ios, environment: .sandbox, interests: ["news", "deals"], userID: .some("ann"), metadata: ["model": "iPhone15,2"],
                attributes: DeviceAttributes(
                    locale: "de-AT", timeZone: "Europe/Vienna", appVersion: "2.3.1", tags: ["plan": "pro", "level": 3, "beta": true])))
        try old.register(
            DeviceRegistration(
                platform: .fcm, token: "cX9-Az_07:APA91bHQw3", environment: .production, interests: ["news"],
                attributes: DeviceAttributes(locale: "pt-BR", timeZone: "America/Sao_Paulo", appVersion: "2.3.0")))
        try old.register(DeviceRegistration(token: plain, environment: .production))
        try old.register(DeviceRegistration(token: dead, environment: .production, interests: ["news"]))
        let db = try SQLiteConnection(path: old.path + "/herald.sqlite")
        _ = try db.execute("UPDATE devices SET invalidated_at = 6, invalid_reason = 'Unregistered' WHERE token = ?", [.text(dead)])

        let exported = await old.export()
        #expect(exported.status == 0, "\(exported.err)")
        #expect(exported.err.contains("exported 3 devices of \(old.appID) (1 invalidated left out)"), "\(exported.err)")
        let lines = try exported.jsonLines()
        #expect(lines.count == 3 && !exported.out.contains("null"), "\(exported.out)")
        let android = try #require(lines.first { $0["platform"] == "fcm" })
        #expect(android["environment"] == nil && android["userId"] == nil && android["tags"] == nil, "\(android)")
        #expect(
            lines.first { $0["token"] == .string(plain) } == ["token": .string(plain), "platform": "apns", "environment": "production"])

        let imported = await CLIRun(["app", "import-devices", "--data", new.path, "--app", new.appID, "-"], stdin: exported.out)
        #expect(imported.status == 0, "\(imported.err)")
        #expect(try parseJSON(imported.out) == ["appId": .string(new.appID), "devices": 3, "created": 3])
        let before = try old.devices().filter { $0.key != dead }.mapValues(Self.essence)
        let after = try new.devices().mapValues(Self.essence)
        #expect(after == before)
        #expect(after[ios]?.contains("ann | de-AT | Europe/Vienna | 2.3.1") == true, "\(after)")
        // Exported again, the new app's lines are the old app's (in another order: the ids are new).
        let again = await new.export()
        #expect(Set(again.outLines) == Set(exported.outLines))
    }

    @Test("a line's null user or attribute is none, as in the API: a device imported again with \"userId\": null loses its user")
    func nulls() async throws {
        let folder = try await Folder()
        defer { folder.remove() }
        let token = String(repeating: "ab", count: 32)
        let first = #"{"token":"\#(token)","environment":"sandbox","userId":"ann","locale":"de-AT","tags":{"vip":true}}"#
        let run = await CLIRun(["app", "import-devices", "--data", folder.path, "--app", folder.appID, "-"], stdin: first + "\n")
        #expect(run.status == 0, "\(run.err)")
        #expect(try folder.devices()[token]?.userID == "ann")
        let cleared = #"{"token":"\#(token)","environment":"sandbox","userId":null,"locale":null,"tags":null,"interests":[]}"#
        let again = await CLIRun(["app", "import-devices", "--data", folder.path, "--app", folder.appID, "-"], stdin: cleared + "\n")
        #expect(again.status == 0, "\(again.err)")
        let device = try #require(try folder.devices()[token])
        #expect(device.userID == nil && device.locale == nil && device.tags.isEmpty)
        let bad = await CLIRun(
            ["app", "import-devices", "--data", folder.path, "--app", folder.appID, "-"],
            stdin: #"{"token":"\#(token)","environment":"sandbox","metadata":[1]}"# + "\n")
        #expect(bad.status == 2)
        #expect(bad.err.contains("<stdin> line 1: metadata: expected a JSON object"), "\(bad.err)")
    }

    @Test("2,500 devices are exported a page at a time, each once; an unknown app is named")
    func pages() async throws {
        let folder = try await Folder()
        defer { folder.remove() }
        let lines = (0..<2500).map { n in
            #"{"token":"\#(String(repeating: String(format: "%08x", n), count: 8))","environment":"production"}"#
        }
        let run = await CLIRun(
            ["app", "import-devices", "--data", folder.path, "--app", folder.appID, "-"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.err)")
        let exported = await folder.export()
        #expect(exported.status == 0, "\(exported.err)")
        #expect(exported.outLines.count == 2500)
        #expect(Set(try exported.jsonLines().compactMap { $0["token"]?.stringValue }).count == 2500)
        let missing = await CLIRun(["app", "export-devices", "--data", folder.path, "--app", "app_nope"])
        #expect(missing.status == 2 && missing.err.contains("no app app_nope"), "\(missing.err)")
    }
}
