import Foundation
import HeraldCore
import HeraldFCMModel
import Testing
@testable import HeraldStore

/// `herald app` with FCM credentials: a service-account file checked, its content stored.
@Suite("herald app: FCM credentials")
struct AppCommandFCMTests {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("herald-app-fcm-\(UUID().uuidString)").path

    /// The JSON object of a service-account file with a fresh RSA key, `overrides` applied (nil removes a field).
    static func account(_ overrides: [String: JSONValue?] = [:]) throws -> String {
        let text = try FCMServiceAccount(
            projectID: "demo-project", clientEmail: "herald@demo-project.iam.gserviceaccount.com", privateKey: Self.key,
            tokenURI: "https://oauth2.googleapis.com/token"
        ).json()
        var object = try #require(try parseJSON(text).objectValue)
        for (field, value) in overrides { object[field] = value }
        return JSONWriter.serialize(.object(object))
    }

    static let key = try! RSASigningKey.generate()

    func store() throws -> SQLiteStore { try SQLiteStore(directory: URL(fileURLWithPath: data)) }

    @Test("create with a service account only; list shows its project and client e-mail, never the key")
    func createFCMOnly() async throws {
        defer { try? FileManager.default.removeItem(atPath: data) }
        let json = try Self.account()
        let run = try await withTemporaryFile(json) { file in
            await CLIRun([
                "app", "create", "--data", data, "--name", "Android", "--bundle-id", "com.example.android", "--fcm-service-account", file,
                "--fcm-endpoint", "https://127.0.0.1:2198",
            ])
        }
        #expect(run.status == 0, "\(run.err)")
        let appID = try #require(try parseJSON(run.out)["appId"]?.stringValue)
        let app = try #require(try store().app(id: appID))
        #expect(app.credentials.isEmpty)
        #expect(app.fcmCredentials?.serviceAccountJSON == json, "the file's content is stored, not its path")
        #expect(app.fcmCredentials?.endpoint == "https://127.0.0.1:2198")
        let list = await CLIRun(["app", "list", "--data", data, "--json"])
        #expect(
            try parseJSON(list.out)[0]?["fcm"]
                == ["projectId": "demo-project", "clientEmail": "herald@demo-project.iam.gserviceaccount.com"])
        let text = await CLIRun(["app", "list", "--data", data])
        #expect(text.out.contains("FCM demo-project (herald@demo-project.iam.gserviceaccount.com)"), "\(text.out)")
        for output in [list.out, text.out] { #expect(!output.contains("PRIVATE KEY")) }
    }

    @Test("set-credentials adds FCM credentials to an app with APNs ones, and keeps those")
    func setCredentials() async throws {
        defer { try? FileManager.default.removeItem(atPath: data) }
        let appID = try await AppCommandTests.createApp(data: data)
        let run = try await withTemporaryFile(try Self.account()) { file in
            await CLIRun(["app", "set-credentials", "--data", data, "--app", appID, "--fcm-service-account", file])
        }
        #expect(run.status == 0, "\(run.err)")
        #expect(try parseJSON(run.out)["fcm"]?["projectId"] == "demo-project")
        #expect(try parseJSON(run.out)["environment"] == nil)
        let app = try #require(try store().app(id: appID))
        #expect(app.credentials.map(\.environment) == [.production])
        #expect(app.fcmCredentials?.projectID == "demo-project")
    }

    @Test(
        "a file that is not a service account is refused with the field named, and nothing is written",
        arguments: [
            (["type": "authorized_user"], "field type"),
            (["project_id": nil], "field project_id"),
            (["client_email": "nobody"], "field client_email"),
            (["private_key": "-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49\n-----END PRIVATE KEY-----\n"], "field private_key"),
            (["token_uri": "http://plain"], "field token_uri"),
        ] as [([String: JSONValue?], String)])
    func refused(overrides: [String: JSONValue?], message: String) async throws {
        defer { try? FileManager.default.removeItem(atPath: data) }
        let run = try await withTemporaryFile(try Self.account(overrides)) { file in
            await CLIRun([
                "app", "create", "--data", data, "--name", "A", "--bundle-id", "com.e.a", "--fcm-service-account", file,
            ])
        }
        #expect(run.status == 2)
        #expect(run.err.contains("--fcm-service-account") && run.err.contains(message), "\(run.err)")
        #expect(!FileManager.default.fileExists(atPath: data), "nothing is written for bad input")
    }

    @Test("no credentials at all, a missing file, and FCM options without the file are refused")
    func usage() async throws {
        defer { try? FileManager.default.removeItem(atPath: data) }
        let none = await CLIRun(["app", "create", "--data", data, "--name", "A", "--bundle-id", "com.e.a"])
        #expect(none.status == 2)
        #expect(none.err.contains("--fcm-service-account FILE"), "\(none.err)")
        let missing = await CLIRun([
            "app", "create", "--data", data, "--name", "A", "--bundle-id", "com.e.a", "--fcm-service-account", "/no/such.json",
        ])
        #expect(missing.status == 2)
        #expect(missing.err.contains("--fcm-service-account: /no/such.json: no such readable file"), "\(missing.err)")
        let alone = await CLIRun([
            "app", "create", "--data", data, "--name", "A", "--bundle-id", "com.e.a", "--fcm-endpoint", "https://127.0.0.1:1",
        ])
        #expect(alone.status == 2)
        #expect(alone.err.contains("go with --fcm-service-account"), "\(alone.err)")
        #expect(!FileManager.default.fileExists(atPath: data))
    }
}
