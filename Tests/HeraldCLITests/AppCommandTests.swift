import Foundation
import HeraldCore
import HeraldGateway
import Testing
@testable import HeraldStore

/// `herald app`: apps and their keys in a data folder.
@Suite("herald app")
struct AppCommandTests {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("herald-app-\(UUID().uuidString)").path

    static func withKeyFile<T>(
        isolation: isolated (any Actor)? = #isolation, _ body: (String) async throws -> T
    ) async throws -> T {
        try await withTemporaryFile("-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49\n-----END PRIVATE KEY-----\n", isolation: isolation, body)
    }

    /// A new app with an APNs key in the data folder `data`; its id.
    static func createApp(data: String) async throws -> String {
        let created = try await withKeyFile { key in
            await CLIRun([
                "app", "create", "--data", data, "--name", "D", "--bundle-id", "com.e.d", "--auth-key", key, "--key-id", "ABCDE12345",
                "--team-id", "TEAM123456",
            ])
        }
        return try #require(try parseJSON(created.out)["appId"]?.stringValue, "\(created.err)")
    }

    func create(_ extra: [String] = []) async throws -> CLIRun {
        try await Self.withKeyFile { key in
            await CLIRun(
                [
                    "app", "create", "--data", data, "--name", "Demo", "--bundle-id", "com.example.demo", "--auth-key", key, "--key-id",
                    "ABCDE12345",
                    "--team-id", "TEAM123456",
                ] + extra)
        }
    }

    @Test("create prints the app id and both keys once; only their hashes are stored")
    func createApp() async throws {
        defer { try? FileManager.default.removeItem(atPath: data) }
        let run = try await create(["--environment", "sandbox", "--rate-limit", "500"])
        #expect(run.status == 0, "\(run.err)")
        let output = try parseJSON(run.out)
        let appID = try #require(output["appId"]?.stringValue)
        let server = try #require(output["serverKey"]?.stringValue)
        let client = try #require(output["clientKey"]?.stringValue)
        #expect(server.hasPrefix("hsk_") && server.count == 68)
        #expect(client.hasPrefix("hck_") && client.count == 68)
        let app = try #require(try SQLiteStore(directory: URL(fileURLWithPath: data)).app(id: appID))
        #expect(APIKey.matches(server, storedHash: app.serverKeyHash))
        #expect(APIKey.matches(client, storedHash: app.clientKeyHash))
        #expect(!APIKey.matches(client, storedHash: app.serverKeyHash))
        #expect(app.rateLimit == 500)
        #expect(app.credentials.map(\.environment) == [.sandbox])
        let database = try Data(contentsOf: URL(fileURLWithPath: data).appendingPathComponent("herald.sqlite"))
        #expect(database.range(of: Data(server.utf8)) == nil, "the key itself is never written")
        let list = await CLIRun(["app", "list", "--data", data, "--json"])
        #expect(try parseJSON(list.out)[0]?["appId"]?.stringValue == appID)
        #expect(await CLIRun(["app", "list", "--data", data]).out.contains("com.example.demo"))
    }

    @Test("rotate-key replaces the keys asked for; the old one no longer matches")
    func rotate() async throws {
        defer { try? FileManager.default.removeItem(atPath: data) }
        let created = try parseJSON(try await create().out)
        let appID = try #require(created["appId"]?.stringValue)
        let run = await CLIRun(["app", "rotate-key", "--data", data, "--app", appID, "--key", "server"])
        #expect(run.status == 0, "\(run.err)")
        let rotated = try parseJSON(run.out)
        #expect(rotated["clientKey"] == nil)
        let app = try #require(try SQLiteStore(directory: URL(fileURLWithPath: data)).app(id: appID))
        #expect(APIKey.matches(try #require(rotated["serverKey"]?.stringValue), storedHash: app.serverKeyHash))
        #expect(!APIKey.matches(try #require(created["serverKey"]?.stringValue), storedHash: app.serverKeyHash))
        #expect(APIKey.matches(try #require(created["clientKey"]?.stringValue), storedHash: app.clientKeyHash))
        let missing = await CLIRun(["app", "rotate-key", "--data", data, "--app", "app_nope"])
        #expect(missing.status == 2)
        #expect(missing.err.contains("no app app_nope"))
    }

    @Test("set-credentials adds the other environment")
    func credentials() async throws {
        defer { try? FileManager.default.removeItem(atPath: data) }
        let appID = try #require(try parseJSON(try await create().out)["appId"]?.stringValue)
        let run = try await Self.withKeyFile { key in
            await CLIRun(
                [
                    "app", "set-credentials", "--data", data, "--app", appID, "--auth-key", key, "--key-id", "ABCDE12345", "--team-id",
                    "TEAM123456",
                    "--environment", "sandbox", "--apns-endpoint", "https://127.0.0.1:2197",
                ])
        }
        #expect(run.status == 0, "\(run.err)")
        let app = try #require(try SQLiteStore(directory: URL(fileURLWithPath: data)).app(id: appID))
        #expect(Set(app.credentials.map(\.environment)) == [.sandbox, .production])
        #expect(app.credentials(for: .sandbox)?.endpoint == "https://127.0.0.1:2197")
    }

    @Test(
        "bad input is refused with what, where and how to fix it",
        arguments: [
            (["--bundle-id", "nodot"], "--bundle-id: \"nodot\" is not a bundle id"),
            (["--key-id", "short"], "--key-id: \"short\" is not 10 letters and digits"),
            (["--team-id", "TEAM12345!"], "--team-id"),
            (["--environment", "staging"], "--environment: \"staging\" is not sandbox or production"),
            (["--auth-key", "/no/such.p8"], "--auth-key: /no/such.p8: no such readable file"),
            (["--apns-endpoint", "ftp://x"], "--apns-endpoint"),
            (["--apns-endpoint", "https://127.0.0.1:1", "--apns-ca", "/no/ca.pem"], "--apns-ca: /no/ca.pem"),
            (["--rate-limit", "-3"], "--rate-limit"),
        ])
    func badInput(extra: [String], message: String) async throws {
        defer { try? FileManager.default.removeItem(atPath: data) }
        var arguments = ["--name", "Demo", "--bundle-id", "com.example.demo", "--key-id", "ABCDE12345", "--team-id", "TEAM123456"]
        let run = try await Self.withKeyFile { key in
            arguments += ["--auth-key", key]
            // Later values of an option are usage errors; replace the defaults instead.
            for index in stride(from: 0, to: extra.count, by: 2) {
                if let at = arguments.firstIndex(of: extra[index]) {
                    arguments[at + 1] = extra[index + 1]
                } else {
                    arguments += [extra[index], extra[index + 1]]
                }
            }
            return await CLIRun(["app", "create", "--data", data] + arguments)
        }
        #expect(run.status == 2)
        #expect(run.err.contains(message), "\(run.err)")
        #expect(run.out.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: data), "nothing is written for bad input")
    }

    @Test("a key file that is not a PEM key is refused")
    func notPEM() async throws {
        defer { try? FileManager.default.removeItem(atPath: data) }
        let run = try await withTemporaryFile("hello") { key in
            await CLIRun([
                "app", "create", "--data", data, "--name", "D", "--bundle-id", "com.e.d", "--auth-key", key, "--key-id", "ABCDE12345",
                "--team-id", "TEAM123456",
            ])
        }
        #expect(run.status == 2)
        #expect(run.err.contains("is not a PEM file"))
    }

    @Test("missing options and unknown actions are usage errors")
    func usage() async {
        #expect(await CLIRun(["app"]).status == 2)
        #expect(await CLIRun(["app", "frobnicate"]).err.contains("expected one of create, list"))
        let run = await CLIRun(["app", "create", "--data", data, "--name", "x"])
        #expect(run.status == 2)
        #expect(run.err.contains("--bundle-id is required"))
        #expect(await CLIRun(["app", "--help"]).out.contains("herald app create"))
    }
}

@Suite("herald app import-devices")
struct AppImportTests {
    @Test("JSON lines are imported in one transaction; a bad line names its place and imports nothing")
    func importDevices() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("herald-import-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let appID = try await AppCommandTests.createApp(data: data)
        let lines = (0..<3).map {
            #"{"token":"\#(String(repeating: "0\($0)", count: 32))","environment":"sandbox","interests":["news"],"userId":"u"}"#
        }
        let run = await CLIRun(["app", "import-devices", "--data", data, "--app", appID, "-"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.err)")
        #expect(try parseJSON(run.out) == ["appId": .string(appID), "devices": 3, "created": 3])
        let bad = await CLIRun(
            ["app", "import-devices", "--data", data, "--app", appID, "-"], stdin: lines[0] + "\n{\"token\":\"00\",\"environment\":\"x\"}\n"
        )
        #expect(bad.status == 2)
        #expect(bad.err.contains("<stdin> line 2: token: expected the device token as hex"), "\(bad.err)")
        let missing = await CLIRun(["app", "import-devices", "--data", data, "--app", "app_nope", "-"], stdin: lines[0])
        #expect(missing.status == 2)
        #expect(missing.err.contains("no app app_nope"))
    }

    @Test("a file of 5,000 lines is imported; a bad line near its end names its place and imports nothing, not even the lines before it")
    func importFile() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("herald-import-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let appID = try await AppCommandTests.createApp(data: data)
        let lines = (0..<5000).map { n -> String in
            let token = String(repeating: String(format: "%08x", n), count: 8)
            return #"{"token":"\#(token)","environment":"production","interests":["news"]}"#
        }
        var bad = lines
        bad[4990] = #"{"token":"zz","environment":"production"}"#
        try await withTemporaryFile(Data(bad.joined(separator: "\n").utf8)) { path in
            let run = await CLIRun(["app", "import-devices", "--data", data, "--app", appID, path])
            #expect(run.status == 2)
            #expect(run.err.contains("\(path) line 4991: token:"), "\(run.err)")
        }
        let store = try SQLiteStore(directory: URL(fileURLWithPath: data))
        #expect(try store.usage(appID: appID).devices == 0)
        let run = try await withTemporaryFile(Data(lines.joined(separator: "\n").utf8)) { path in
            await CLIRun(["app", "import-devices", "--data", data, "--app", appID, path])
        }
        #expect(run.status == 0, "\(run.err)")
        #expect(try parseJSON(run.out) == ["appId": .string(appID), "devices": 5000, "created": 5000])
        #expect(try store.usage(appID: appID) == (5000, 5000))
        let missing = await CLIRun(["app", "import-devices", "--data", data, "--app", appID, data + "/nope.jsonl"])
        #expect(missing.status == 2)
        #expect(missing.err.contains("nope.jsonl: no such file"), "\(missing.err)")
    }

    @Test(
        "Android devices are imported with their FCM tokens as given; each line is checked by the API's rules, the field named",
        arguments: [
            (#"{"token":"fcm token","platform":"fcm"}"#, "token: an FCM registration token is printable ASCII"),
            (#"{"token":"abc:DEF","platform":"fcm","environment":"production"}"#, "environment: is APNs' sandbox or production"),
            (#"{"token":"abc:DEF","platform":"hms"}"#, "platform: \"hms\" is not apns or fcm"),
            (#"{"token":"abc:DEF","platform":"fcm","interests":["a b"]}"#, "interests[0]:"),
            (#"{"token":"abc:DEF","platform":"fcm","userToken":"x"}"#, "userToken:"),
        ])
    func importAndroid(line: String, message: String) async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("herald-import-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let appID = try await AppCommandTests.createApp(data: data)
        let good = #"{"token":"cX9-Az_07:APA91bHQw3","platform":"fcm","interests":["news"],"userId":"u"}"#
        let run = await CLIRun(["app", "import-devices", "--data", data, "--app", appID, "-"], stdin: good + "\n")
        #expect(run.status == 0, "\(run.err)")
        let store = try SQLiteStore(directory: URL(fileURLWithPath: data))
        let device = try #require(try store.devices(appID: appID, matching: .token("cX9-Az_07:APA91bHQw3"), limit: 2).first)
        #expect(device.platform == .fcm && device.interests == ["news"] && device.userID == "u")
        let bad = await CLIRun(["app", "import-devices", "--data", data, "--app", appID, "-"], stdin: good + "\n" + line + "\n")
        #expect(bad.status == 2)
        #expect(bad.err.contains("<stdin> line 2: " + message), "\(bad.err)")
    }

    @Test("an imported line's locale, time zone, app version and tags are kept, checked by the API's rules")
    func importAttributes() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("herald-import-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let appID = try await AppCommandTests.createApp(data: data)
        let token = String(repeating: "ab", count: 32)
        let line =
            #"{"token":"\#(token)","environment":"sandbox","locale":"pt-br","timeZone":"America/Sao_Paulo","appVersion":"4.2","#
            + #""tags":{"vip":true}}"#
        let run = await CLIRun(["app", "import-devices", "--data", data, "--app", appID, "-"], stdin: line + "\n")
        #expect(run.status == 0, "\(run.err)")
        let store = try SQLiteStore(directory: URL(fileURLWithPath: data))
        let device = try #require(try store.devices(appID: appID, matching: .token(token), limit: 1).first)
        #expect(device.locale == "pt-BR")
        #expect(device.timeZone == "America/Sao_Paulo")
        #expect(device.appVersion == "4.2")
        #expect(device.tags == ["vip": true])
        let bad = await CLIRun(
            ["app", "import-devices", "--data", data, "--app", appID, "-"],
            stdin: #"{"token":"\#(token)","environment":"sandbox","appVersion":"4.2-rc1"}"# + "\n")
        #expect(bad.status == 2)
        #expect(bad.err.contains(#"<stdin> line 1: appVersion: "4.2-rc1" is not an app version"#), "\(bad.err)")
    }
}
