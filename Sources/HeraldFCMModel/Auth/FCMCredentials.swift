import HeraldShared

/// How the gateway sends to FCM for one app, as data that can be stored: the service
/// account's JSON text (the key file's content, never a path to it), and optionally another
/// send endpoint and a CA to trust for both the token and the send endpoint (a simulator).
public struct FCMCredentials: Sendable, Hashable {
    /// The service-account file's JSON text, as given.
    public var serviceAccountJSON: String
    /// The account's `project_id` and `client_email`, read from the JSON (what lists show).
    public var projectID: String
    public var clientEmail: String
    /// Another FCM send endpoint (the simulator in tests), e.g. `https://127.0.0.1:2198`.
    public var endpoint: String?
    /// A CA bundle to trust for the token and send endpoints (the simulator's `ca.pem`).
    public var caFile: String?

    /// Checks the JSON text as a service account (`FCMServiceAccountError` names the field at
    /// fault) and keeps it; `source` names it in errors.
    public init(serviceAccountJSON: String, endpoint: String? = nil, caFile: String? = nil, source: String = "the service account")
        throws(FCMServiceAccountError)
    {
        let account = try FCMServiceAccount(json: Array(serviceAccountJSON.utf8), source: source)
        self.init(
            stored: serviceAccountJSON, projectID: account.projectID, clientEmail: account.clientEmail, endpoint: endpoint, caFile: caFile)
    }

    /// Credentials as a store kept them, checked when they were set.
    public init(stored serviceAccountJSON: String, projectID: String, clientEmail: String, endpoint: String?, caFile: String?) {
        self.serviceAccountJSON = serviceAccountJSON
        self.projectID = projectID
        self.clientEmail = clientEmail
        self.endpoint = endpoint
        self.caFile = caFile
    }

    /// The service account, with its private key read from the JSON text.
    public func serviceAccount() throws(FCMServiceAccountError) -> FCMServiceAccount {
        try FCMServiceAccount(json: Array(serviceAccountJSON.utf8), source: "the stored service account of project \(projectID)")
    }
}

// Credentials reach log lines and test failures (an app's record holds them): printing
// names the project, the account and the endpoint, never the private key.
extension FCMCredentials: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        var parts = ["project \(projectID)", "client \(clientEmail)", "service account JSON, \(serviceAccountJSON.utf8.count) bytes"]
        if let endpoint { parts.append("endpoint \(endpoint)") }
        if let caFile { parts.append("CA file \(caFile)") }
        return "FCMCredentials(" + parts.joined(separator: ", ") + ")"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(
            self, children: ["projectID": projectID, "clientEmail": clientEmail, "endpoint": endpoint as Any, "caFile": caFile as Any],
            displayStyle: .struct)
    }
}
