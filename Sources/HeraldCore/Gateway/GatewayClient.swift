import Foundation

/// The app's side of the Herald gateway: registers the device token, sets interests,
/// binds the user at login and clears it at logout (post 003's alias), and sends the
/// receipts outbox (it is a `ReceiptTransport` for `ReceiptSender`).
///
/// The device id the gateway gives is kept in `stateDirectory` (the App Group folder the
/// app and its extensions share), so receipts from a later launch or another process
/// carry it.
@MainActor
public final class GatewayClient {
    /// Which APNs the token is for: `sandbox` for development builds.
    public enum Environment: String, Sendable {
        case sandbox, production
    }

    public let baseURL: URL
    public let appID: String
    let clientKey: String
    let transport: any GatewayHTTPTransport
    let stateFile: URL?
    public private(set) var deviceID: String?

    public init(
        baseURL: URL, appID: String, clientKey: String, transport: any GatewayHTTPTransport = URLSessionGatewayTransport(),
        stateDirectory: URL? = nil
    ) {
        self.baseURL = baseURL
        self.appID = appID
        self.clientKey = clientKey
        self.transport = transport
        self.stateFile = stateDirectory?.appendingPathComponent("herald-gateway-device.json")
        if let stateFile, let data = try? Data(contentsOf: stateFile), let value = try? JSONParser().parse(data) {
            deviceID = value["deviceId"]?.stringValue
        }
    }

    /// Registers the token (call it from `didRegisterForRemoteNotificationsWithDeviceToken`
    /// at every launch); the gateway answers the same device id for a known token.
    /// Interests and user left `nil` keep what the gateway has.
    @discardableResult
    public func register(
        token: DeviceToken, environment: Environment, interests: [String]? = nil, userID: String? = nil,
        metadata: [String: JSONValue]? = nil
    ) async throws(GatewayClientError) -> String {
        var body: [String: JSONValue] = ["token": .string(token.hex), "platform": "apns", "environment": .string(environment.rawValue)]
        if let interests { body["interests"] = .array(interests.map(JSONValue.string)) }
        if let userID { body["userId"] = .string(userID) }
        if let metadata { body["metadata"] = .object(metadata) }
        let answer = try await call("POST", "devices", body: .object(body), expect: [200, 201])
        guard let id = answer["deviceId"]?.stringValue else {
            throw GatewayClientError(.unexpectedResponse, "the gateway answered no deviceId")
        }
        deviceID = id
        if let stateFile {
            try? Data(JSONWriter.serialize(["deviceId": .string(id)]).utf8).write(to: stateFile, options: .atomic)
        }
        return id
    }

    /// Replaces the device's interests.
    public func setInterests(_ interests: [String]) async throws(GatewayClientError) {
        let id = try registeredID()
        _ = try await call("PUT", "devices/\(id)/interests", body: ["interests": .array(interests.map(JSONValue.string))], expect: [200])
    }

    /// Binds the device to the user who logged in, so publishes to that user reach it.
    public func login(userID: String) async throws(GatewayClientError) {
        let id = try registeredID()
        _ = try await call("PUT", "devices/\(id)/user", body: ["userId": .string(userID)], expect: [200])
    }

    /// Clears the user at logout: publishes to the old user no longer reach this device.
    public func logout() async throws(GatewayClientError) {
        let id = try registeredID()
        _ = try await call("PUT", "devices/\(id)/user", body: ["userId": .null], expect: [200])
    }

    /// What went wrong, in one line: URL loading errors carry it in their description.
    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let text = nsError.userInfo[NSLocalizedDescriptionKey] as? String, !text.isEmpty { return text }
        return "\(error)"
    }

    private func registeredID() throws(GatewayClientError) -> String {
        guard let deviceID else {
            throw GatewayClientError(
                .notRegistered, "the device is not registered with the gateway yet; call register(token:environment:) first")
        }
        return deviceID
    }

    /// Sends one JSON request to `/v1/apps/{app}/{path}`; the parsed answer, or the error.
    func call(_ method: String, _ path: String, body: JSONValue, expect: Set<Int>) async throws(GatewayClientError) -> JSONValue {
        let url = baseURL.appendingPathComponent("v1/apps/\(appID)/\(path)")
        let request = GatewayHTTPRequest(
            method: method, url: url, headers: ["Authorization": "Bearer \(clientKey)", "Content-Type": "application/json"],
            body: Data(JSONWriter.serialize(body).utf8))
        let response: GatewayHTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw GatewayClientError(.unreachable, "the gateway at \(baseURL) did not answer: \(Self.reason(error))")
        }
        let value = try? JSONParser().parse(response.body)
        guard expect.contains(response.status) else {
            let code = value?["error"]?["code"]?.stringValue ?? "http_\(response.status)"
            let message = value?["error"]?["message"]?.stringValue ?? String(decoding: response.body.prefix(200), as: UTF8.self)
            throw GatewayClientError(
                .http(status: response.status, code: code), "\(method) \(path): HTTP \(response.status) \(code): \(message)")
        }
        return value ?? .null
    }
}
