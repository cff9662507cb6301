import Foundation
import HeraldShared

/// A Google service account, read from the JSON key file the Firebase console hands out:
/// who signs (`client_email`), with what (`private_key`, RSA), for which project, and
/// where the access token comes from (`token_uri`).
///
/// ```swift
/// let account = try FCMServiceAccount(contentsOfFile: "service-account.json")
/// ```
public struct FCMServiceAccount: Sendable {
    public var projectID: String
    public var clientEmail: String
    /// `private_key_id`, when the file has one (Google puts it in the assertion's `kid`).
    public var privateKeyID: String?
    public var privateKey: RSASigningKey
    /// The OAuth 2.0 token endpoint, honoured as given (Google's is `https://oauth2.googleapis.com/token`).
    public var tokenURI: String

    public init(projectID: String, clientEmail: String, privateKeyID: String? = nil, privateKey: RSASigningKey, tokenURI: String) {
        self.projectID = projectID
        self.clientEmail = clientEmail
        self.privateKeyID = privateKeyID
        self.privateKey = privateKey
        self.tokenURI = tokenURI
    }

    /// Reads the file at `path`.
    public init(contentsOfFile path: String) throws(FCMServiceAccountError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FCMServiceAccountError(
                .unreadable, field: path,
                "no such file, or it cannot be read; give the service-account JSON file downloaded from the Firebase console (Project settings, Service accounts)"
            )
        }
        try self.init(json: [UInt8](data), source: path)
    }

    /// Reads the JSON text of a service-account file; `source` names it in errors.
    public init(json bytes: [UInt8], source: String = "the service account") throws(FCMServiceAccountError) {
        guard let object = (try? JSONParser().parse(bytes))?.objectValue else {
            throw FCMServiceAccountError(.notJSON, field: source, "not a JSON object; give the service-account JSON file as downloaded")
        }
        func field(_ name: String) throws(FCMServiceAccountError) -> String {
            guard let value = object[name]?.stringValue, !value.isEmpty else {
                throw FCMServiceAccountError(
                    .missing, field: name,
                    "missing from \(source) (or not a non-empty string); download a new key file from the Firebase console")
            }
            return value
        }
        let type = try field("type")
        guard type == "service_account" else {
            throw FCMServiceAccountError(
                .invalid, field: "type",
                "is \"\(type)\", not \"service_account\"; give a service account's key file, not OAuth client or user credentials")
        }
        let projectID = try field("project_id")
        let email = try field("client_email")
        guard email.contains("@") else {
            throw FCMServiceAccountError(.invalid, field: "client_email", "\"\(email)\" is not an e-mail address")
        }
        let key = try RSASigningKey(pem: try field("private_key"))
        let tokenURI = try field("token_uri")
        guard tokenURI.hasPrefix("https://") else {
            throw FCMServiceAccountError(.invalid, field: "token_uri", "\"\(tokenURI)\" is not an https:// URL")
        }
        self.init(
            projectID: projectID, clientEmail: email, privateKeyID: object["private_key_id"]?.stringValue, privateKey: key,
            tokenURI: tokenURI)
    }

    /// The file's JSON text for this account (what the simulator writes for its clients).
    public func json() throws -> String {
        var object: [String: JSONValue] = [
            "type": "service_account", "project_id": .string(projectID), "client_email": .string(clientEmail),
            "private_key": .string(try privateKey.pkcs8PEM()), "token_uri": .string(tokenURI),
        ]
        if let privateKeyID { object["private_key_id"] = .string(privateKeyID) }
        return JSONWriter.serialize(.object(object), pretty: true) + "\n"
    }
}
