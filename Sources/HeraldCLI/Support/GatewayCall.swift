import Foundation
import HeraldCore

/// A call to a running gateway's API with one app's server key (`herald webhook`,
/// `herald audit`), so the CLI checks and answers exactly as the API does.
struct GatewayCall {
    static let gateway = Option.text("gateway", "URL", "the gateway's base URL (default http://127.0.0.1:8080)")
    static let app = Option.text("app", "ID", "the app")
    static let key = Option.text("key", "KEY", "the app's server key (HERALD_SERVER_KEY keeps it out of ps)")
    static let descriptors = [gateway.descriptor, app.descriptor, key.descriptor]

    let base: String
    let appID: String
    let key: String

    /// The gateway, app and key the arguments give; the usage error's text when one is missing.
    static func from(_ arguments: Arguments) -> Result<GatewayCall, UsageText> {
        guard let appID = arguments[app] else { return .failure(UsageText("--app is required: --app ID")) }
        guard let key = arguments[key] ?? ProcessInfo.processInfo.environment["HERALD_SERVER_KEY"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            return .failure(UsageText("the server key is required: HERALD_SERVER_KEY=KEY (or --key KEY)"))
        }
        let base = (arguments[gateway] ?? "http://127.0.0.1:8080").trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        return .success(GatewayCall(base: base, appID: appID, key: key))
    }

    struct UsageText: Error {
        let text: String
        init(_ text: String) { self.text = text }
    }

    /// A value as one segment of a path or a query value, percent-encoded.
    static func escape(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~@"))) ?? value
    }

    /// The app's API path under `/v1/apps/{app}`.
    func path(_ rest: String) -> String { "/v1/apps/\(appID)\(rest)" }

    /// Sends one request: the answer's status and text. Throws `UsageText` for a base
    /// that is no URL; the transport's error when the gateway cannot be reached.
    func send(_ method: String, _ path: String, body: JSONValue? = nil) async throws -> (status: Int, text: String) {
        guard let target = URL(string: base + path) else { throw UsageText("--gateway: \"\(base)\" is not a URL") }
        var headers = ["Authorization": "Bearer \(key)"]
        var data: Data?
        if let body {
            headers["Content-Type"] = "application/json"
            data = Data(JSONWriter.serialize(body).utf8)
        }
        let response = try await URLSessionGatewayTransport(timeout: 30).send(
            GatewayHTTPRequest(method: method, url: target, headers: headers, body: data))
        return (response.status, String(decoding: response.body, as: UTF8.self))
    }
}
