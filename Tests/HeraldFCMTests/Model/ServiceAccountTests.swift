import Foundation
import HeraldFCMModel
import HeraldShared
import Testing

/// A service-account file's fields, with a fresh RSA key unless given.
func serviceAccountJSON(_ overrides: [String: JSONValue?] = [:]) throws -> [UInt8] {
    var object: [String: JSONValue] = [
        "type": "service_account", "project_id": "demo-project", "private_key_id": "k1",
        "client_email": "herald@demo-project.iam.gserviceaccount.com", "token_uri": "https://oauth2.example.test/token",
        "private_key": .string(try RSASigningKey.generate().pkcs8PEM()),
    ]
    for (key, value) in overrides { object[key] = value }
    return Array(JSONWriter.serialize(.object(object)).utf8)
}

@Suite("Service-account files")
struct ServiceAccountTests {
    @Test("a well-formed file is read, and written back the same")
    func reads() throws {
        let account = try FCMServiceAccount(json: try serviceAccountJSON())
        #expect(account.projectID == "demo-project")
        #expect(account.clientEmail == "herald@demo-project.iam.gserviceaccount.com")
        #expect(account.tokenURI == "https://oauth2.example.test/token")
        #expect(account.privateKeyID == "k1")
        let again = try FCMServiceAccount(json: Array(try account.json().utf8))
        #expect(again.projectID == account.projectID && again.clientEmail == account.clientEmail && again.tokenURI == account.tokenURI)
    }

    @Test(
        "each missing or wrong field is refused with an error naming it",
        arguments: [
            ("type", nil, FCMServiceAccountFailure.missing),
            ("type", "authorized_user", .invalid),
            ("project_id", nil, .missing),
            ("client_email", nil, .missing),
            ("client_email", "no-at-sign", .invalid),
            ("private_key", nil, .missing),
            ("private_key", "not a key", .invalid),
            ("token_uri", nil, .missing),
            ("token_uri", "http://plain.example/token", .invalid),
        ] as [(String, String?, FCMServiceAccountFailure)])
    func refuses(field: String, value: String?, reason: FCMServiceAccountFailure) throws {
        let bytes = try serviceAccountJSON([field: value.map { .string($0) } ?? .some(nil)])
        let error = #expect(throws: FCMServiceAccountError.self) { try FCMServiceAccount(json: bytes) }
        #expect(error?.field == field)
        #expect(error?.reason == reason)
    }

    @Test("an elliptic-curve key is refused: the assertion is RS256")
    func refusesECKey() throws {
        let ecPEM = """
            -----BEGIN PRIVATE KEY-----
            MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgevZzL1gdAFr88hb2
            OF/2NxApJCzGCEDdfSp6VQO30hyhRANCAAQRWz+jn65BtOMvdyHKcvjBeBSDZH2r
            1RTwjmYSi9R/zpBnuQ4EiMnCqfMPWiZqB4QdbAd0E7oH50VpuZ1P087G
            -----END PRIVATE KEY-----
            """
        let error = #expect(throws: FCMServiceAccountError.self) {
            try FCMServiceAccount(json: try serviceAccountJSON(["private_key": .string(ecPEM)]))
        }
        #expect(error?.field == "private_key")
        #expect(error?.message.contains("not an RSA key") == true)
    }

    @Test("a file that is missing or not JSON is refused with its name")
    func unreadable() throws {
        let missing = #expect(throws: FCMServiceAccountError.self) { try FCMServiceAccount(contentsOfFile: "/nonexistent/sa.json") }
        #expect(missing?.reason == .unreadable && missing?.field == "/nonexistent/sa.json")
        let notJSON = #expect(throws: FCMServiceAccountError.self) { try FCMServiceAccount(json: Array("[1,2]".utf8), source: "sa.json") }
        #expect(notJSON?.reason == .notJSON && notJSON?.field == "sa.json")
    }
}
