import Foundation

/// The app's side of the Herald gateway: registers the device token, sets interests,
/// binds the user at login (with a user token from the app's backend) and clears it at
/// logout, and sends the receipts outbox (it is a `ReceiptTransport` for `ReceiptSender`).
/// It is a `DeviceRegistrar`: set it as the Apple façade's `registrar` and every token iOS
/// hands over is registered with `environment` and `interests`.
///
/// Registration uses the app's client key and answers this device's own key; every later
/// call about the device carries that key, so no other device can act for it. The id, the
/// key and the token are kept in a `GatewayDeviceStore` (the keychain, or a file in the App
/// Group folder the app and its extensions share), so receipts from a later launch or
/// another process carry them. When the gateway no longer knows the key (it was lost, or
/// the device was deleted), the client registers again by itself and retries once.
@MainActor
public final class GatewayClient {
    public let baseURL: URL
    public let appID: String
    let clientKey: String
    let transport: any GatewayHTTPTransport
    let deviceStore: (any GatewayDeviceStore)?
    var state: GatewayDeviceState?

    public var deviceID: String? { state?.deviceID }

    /// The APNs environment tokens are registered for as a `DeviceRegistrar`.
    public var environment: APNsEnvironment
    /// Interests sent with each registration as a `DeviceRegistrar`; `nil` keeps the gateway's.
    public var interests: [String]?
    /// Told how each registration as a `DeviceRegistrar` ended: the device id, or the error.
    public var onRegistration: (@MainActor (Result<String, GatewayClientError>) -> Void)?
    /// The locale, time zone and app version sent at every registration and, when they
    /// change, by `updateAttributesIfChanged` (`GatewayDeviceAttributes.current()` by default).
    public var attributes: @MainActor () -> GatewayDeviceAttributes
    /// The registration a `DeviceRegistrar` call started, to await it.
    public internal(set) var registration: Task<Void, Never>?
    /// The attributes update an `appBecameActive` call started, to await it.
    public internal(set) var attributesUpdate: Task<Void, Never>?
    let logger: any HeraldLogger
    /// The device's local inbox (the one `syncInbox` fills): `login` and `logout` empty it
    /// once the gateway has the new user, so the next user neither sees the previous one's
    /// messages, reads and badge nor skips their own older messages.
    public var inbox: Inbox?

    public init(
        baseURL: URL, appID: String, clientKey: String, environment: APNsEnvironment = .production,
        transport: any GatewayHTTPTransport = URLSessionGatewayTransport(), deviceStore: (any GatewayDeviceStore)?,
        logger: any HeraldLogger = SilentLogger(), attributes: @escaping @MainActor () -> GatewayDeviceAttributes = { .current() }
    ) {
        self.baseURL = baseURL
        self.appID = appID
        self.clientKey = clientKey
        self.environment = environment
        self.transport = transport
        self.deviceStore = deviceStore
        self.logger = logger
        self.attributes = attributes
        state = deviceStore?.load()
    }

    /// Keeps the device's id and key in `stateDirectory` (a file of mode 0600), or in
    /// memory only when it is `nil`.
    public convenience init(
        baseURL: URL, appID: String, clientKey: String, environment: APNsEnvironment = .production,
        transport: any GatewayHTTPTransport = URLSessionGatewayTransport(), stateDirectory: URL? = nil,
        logger: any HeraldLogger = SilentLogger(), attributes: @escaping @MainActor () -> GatewayDeviceAttributes = { .current() }
    ) {
        self.init(
            baseURL: baseURL, appID: appID, clientKey: clientKey, environment: environment, transport: transport,
            deviceStore: stateDirectory.map(FileGatewayDeviceStore.init(directory:)), logger: logger, attributes: attributes)
    }

    /// Registers the token (call it from `didRegisterForRemoteNotificationsWithDeviceToken`
    /// at every launch); the gateway answers the same device id for a known token.
    /// Interests and user left `nil` keep what the gateway has; a `userID` needs the
    /// `userToken` the app's backend signed for it.
    @discardableResult
    public func register(
        token: DeviceToken, environment: APNsEnvironment, interests: [String]? = nil, userID: String? = nil, userToken: String? = nil,
        metadata: [String: JSONValue]? = nil
    ) async throws(GatewayClientError) -> String {
        try await registration(
            token: token, environment: environment, interests: interests, userID: userID, userToken: userToken, metadata: metadata
        ).deviceID
    }

    /// `register(token:environment:…)`, with the gateway's `warnings` (each also logged): the
    /// app has no credentials for the token's environment, so its notifications would wait.
    /// Each warning starts with the route it is about (`apns-sandbox: …`).
    public func registration(
        token: DeviceToken, environment: APNsEnvironment, interests: [String]? = nil, userID: String? = nil, userToken: String? = nil,
        metadata: [String: JSONValue]? = nil
    ) async throws(GatewayClientError) -> (deviceID: String, warnings: [String]) {
        let extra = Self.registrationFields(interests: interests, userID: userID, userToken: userToken, metadata: metadata)
        let registered = try await register(token: token.hex, environment: environment, extra)
        return (registered.state.deviceID, registered.warnings)
    }

    /// Registers an FCM registration token (an Android device, or a tool that plays one),
    /// with the same rules as `register(token:environment:…)`: the gateway answers the
    /// same device id for a known token, and this device's own key.
    public func register(
        fcmToken: String, interests: [String]? = nil, userID: String? = nil, userToken: String? = nil, metadata: [String: JSONValue]? = nil
    ) async throws(GatewayClientError) -> String {
        try await register(
            token: fcmToken, environment: nil, Self.registrationFields(interests: interests, userID: userID, userToken: userToken, metadata: metadata)
        ).state.deviceID
    }

    /// The optional fields of a registration.
    static func registrationFields(interests: [String]?, userID: String?, userToken: String?, metadata: [String: JSONValue]?)
        -> [String: JSONValue]
    {
        var extra: [String: JSONValue] = [:]
        if let interests { extra["interests"] = .array(interests.map(JSONValue.string)) }
        if let userID { extra["userId"] = .string(userID) }
        if let userToken { extra["userToken"] = .string(userToken) }
        if let metadata { extra["metadata"] = .object(metadata) }
        return extra
    }

    /// Replaces the device's interests.
    public func setInterests(_ interests: [String]) async throws(GatewayClientError) {
        _ = try await deviceCall("PUT", "interests", body: ["interests": .array(interests.map(JSONValue.string))])
    }

    /// Binds the device to the user who logged in, so publishes to that user reach it.
    /// `userToken` comes from the app's backend: an HS256 JWT for this user and app
    /// (docs/gateway.md, "User tokens"); without it the gateway answers 401.
    /// The local `inbox`, when set, is emptied (its reads and deletes not yet sent are sent
    /// first, for the user who made them).
    public func login(userID: String, userToken: String) async throws(GatewayClientError) {
        try await changeUser(["userId": .string(userID), "userToken": .string(userToken)])
    }

    /// Clears the user at logout: publishes to the old user no longer reach this device.
    /// The local `inbox`, when set, is emptied as at `login`.
    public func logout() async throws(GatewayClientError) {
        try await changeUser(["userId": .null])
    }

    private func changeUser(_ body: [String: JSONValue]) async throws(GatewayClientError) {
        if let inbox {
            do {
                try await sendInboxChanges(inbox)
            } catch {
                logger.log(.warning, "herald gateway: the inbox's reads and deletes could not be sent before the user changed: \(error.message)")
            }
        }
        _ = try await deviceCall("PUT", "user", body: .object(body))
        if let inbox { try kept { try inbox.reset() } }
    }

    /// What went wrong, in one line: URL loading errors carry it in their description.
    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let text = nsError.userInfo[NSLocalizedDescriptionKey] as? String, !text.isEmpty { return text }
        return "\(error)"
    }

    /// Registers `token` (APNs' in hex for an `environment`; FCM's when it is `nil`) with the
    /// fields in `extra` and the device's `attributes`; the state it keeps, and the gateway's
    /// warnings (logged).
    private func register(token: String, environment: APNsEnvironment?, _ extra: [String: JSONValue] = [:]) async throws(GatewayClientError)
        -> (state: GatewayDeviceState, warnings: [String])
    {
        let attributes = attributes()
        var body = attributes.fields().merging(extra) { _, given in given }
        body["token"] = .string(token)
        body["platform"] = environment == nil ? "fcm" : "apns"
        if let environment { body["environment"] = .string(environment.rawValue) }
        // The key this device holds: presented, it is kept (the extension keeps using it).
        let current = deviceStore?.load() ?? state
        if let key = current?.deviceKey { body["deviceKey"] = .string(key) }
        let answer = try await postRegistration(body, attributeFields: Set(attributes.fields().keys))
        guard let id = answer["deviceId"]?.stringValue else {
            throw GatewayClientError(.unexpectedResponse, "the gateway answered no deviceId")
        }
        guard let key = answer["deviceKey"]?.stringValue ?? (current?.deviceID == id ? current?.deviceKey : nil) else {
            throw GatewayClientError(.unexpectedResponse, "the gateway answered no deviceKey for device \(id)")
        }
        let registered = GatewayDeviceState(
            deviceID: id, deviceKey: key, token: token, environment: environment, platform: environment == nil ? .fcm : .apns,
            attributes: attributes)
        state = registered
        do {
            try deviceStore?.save(registered)
        } catch {
            throw GatewayClientError(.storage, "device \(id) is registered but its key could not be kept: \(Self.reason(error))")
        }
        let warnings = answer["warnings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        for warning in warnings { logger.log(.warning, "herald gateway: registered with a warning: \(warning)") }
        return (registered, warnings)
    }

    /// POST …/devices. When the gateway refuses one of the device's own attributes (a time
    /// zone its database does not know yet), the registration goes again without it: the
    /// token matters more. The refusal is logged.
    private func postRegistration(_ body: [String: JSONValue], attributeFields: Set<String>) async throws(GatewayClientError) -> JSONValue {
        var body = body
        while true {
            do throws(GatewayClientError) {
                return try await call("POST", "devices", key: clientKey, body: .object(body), expect: [200, 201])
            } catch {
                guard case .http(400, "invalid_request") = error.reason,
                    let field = attributeFields.first(where: { body[$0] != nil && error.message.contains("invalid_request: \($0): ") })
                else { throw error }
                logger.log(.warning, "herald gateway: registering without the \(field) the gateway refused: \(error.message)")
                body[field] = nil
            }
        }
    }

    /// A call about this device with its key. When the gateway does not know the key
    /// (another process registered again, or the key was lost), it reads the store again
    /// or registers again with the token it knows, and retries once.
    func deviceCall(_ method: String, _ path: String, body: JSONValue) async throws(GatewayClientError) -> JSONValue {
        try await deviceCall(method, expect: [200]) { state in ("devices/\(state.deviceID)\(path.isEmpty ? "" : "/" + path)", body) }
    }

    /// `request` makes the path and body from the device's state (its id may change when
    /// the client registers again).
    func deviceCall(
        _ method: String, expect: Set<Int>, _ request: (GatewayDeviceState) -> (path: String, body: JSONValue)
    ) async throws(GatewayClientError) -> JSONValue {
        if state?.deviceKey == nil, let stored = deviceStore?.load() { state = stored }
        guard let current = state else {
            throw GatewayClientError(
                .notRegistered, "the device is not registered with the gateway yet; call register(token:environment:) first")
        }
        do {
            let (path, body) = request(current)
            return try await call(method, path, key: current.deviceKey ?? clientKey, body: body, expect: expect)
        } catch where error.meansUnknownDevice {
            let fresh = try await renewedState(after: current)
            let (path, body) = request(fresh)
            return try await call(method, path, key: fresh.deviceKey ?? clientKey, body: body, expect: expect)
        }
    }

    /// The state to retry with: the store's, when another process changed it; else a new registration.
    func renewedState(after failed: GatewayDeviceState) async throws(GatewayClientError) -> GatewayDeviceState {
        if let stored = deviceStore?.load(), stored != failed, stored.deviceKey != nil {
            state = stored
            return stored
        }
        guard let token = failed.token, failed.environment != nil || failed.platform == .fcm else {
            throw GatewayClientError(.notRegistered, "the gateway no longer knows this device; call register(token:environment:) again")
        }
        // The key it presents is the one the gateway refused: a new one is issued.
        return try await register(token: token, environment: failed.platform == .fcm ? nil : failed.environment).state
    }

    /// Sends one JSON request to `/v1/apps/{app}/{path}` (`path` may end in an encoded
    /// `?query`); the parsed answer, or the error.
    func call(_ method: String, _ path: String, key: String, body: JSONValue, expect: Set<Int>) async throws(GatewayClientError) -> JSONValue {
        let parts = path.split(separator: "?", maxSplits: 1)
        var url = baseURL.appendingPathComponent("v1/apps/\(appID)/\(parts.first ?? "")")
        if parts.count == 2, let withQuery = URL(string: url.absoluteString + "?" + parts[1]) { url = withQuery }
        let request = GatewayHTTPRequest(
            method: method, url: url, headers: ["Authorization": "Bearer \(key)", "Content-Type": "application/json"],
            body: body == .null ? nil : Data(JSONWriter.serialize(body).utf8))
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
