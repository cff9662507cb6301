import Foundation
import Testing
import HeraldAuth
import HeraldCore
@testable import HeraldGateway
@testable import HeraldHTTP
@testable import HeraldStore

/// The API over a temporary store of `kind` with two apps and known keys; requests without sockets.
final class APIHarness: @unchecked Sendable {
    let fixture: StoreFixture
    let api: GatewayAPI
    let serverKey = "hsk_" + String(repeating: "a", count: 64)
    let clientKey = "hck_" + String(repeating: "b", count: 64)
    let otherServerKey = "hsk_" + String(repeating: "c", count: 64)
    let userTokenSecret = "hus_" + String(repeating: "d", count: 64)
    var appID: String { fixture.appID }
    let clock = Clock()
    let published = Counter()

    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 1_800_000_000.0
        var now: Double {
            get { lock.withLock { value } }
            set { lock.withLock { value = newValue } }
        }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    init(
        _ kind: StoreKind, maxBodyBytes: Int = 1 << 20, rateLimits: APIRateLimits = .unlimited, quota: DeviceQuota = DeviceQuota(),
        metricsToken: String? = nil, console: ConsoleSettings = ConsoleSettings()
    ) throws {
        fixture = try StoreFixture(kind)
        _ = try fixture.store.updateKeys(
            appID: fixture.appID, server: APIKey.hash(serverKey), client: APIKey.hash(clientKey), userTokenSecret: userTokenSecret)
        try fixture.store.createApp(
            AppRecord(
                id: "app_other", name: "Other", bundleID: "com.example.other", serverKeyHash: APIKey.hash(otherServerKey),
                clientKeyHash: "x", createdAt: 1))
        let clock = self.clock, published = self.published
        api = GatewayAPI(
            store: fixture.store, maxBodyBytes: maxBodyBytes, rateLimits: rateLimits, quota: quota, metricsToken: metricsToken,
            now: { clock.now },
            onPublish: { published.add() }, console: console)
    }

    /// Sends a request (`path` may carry a query); `body` is serialized as JSON unless it is raw text.
    func send(
        _ method: String, _ path: String, key: String? = nil, json: JSONValue? = nil, raw: String? = nil, headers: [String: String] = [:],
        peer: String = ""
    ) -> HTTPResponse {
        var all = headers
        if let key { all["Authorization"] = "Bearer \(key)" }
        if json != nil, all["Content-Type"] == nil { all["Content-Type"] = "application/json" }
        let body = raw.map { Array($0.utf8) } ?? json.map { Array(JSONWriter.serialize($0).utf8) } ?? []
        let parts = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        return api.handle(
            HTTPRequest(
                method: method, path: parts[0], query: parts.count > 1 ? parts[1] : "", headers: all, body: body,
                peerAddress: peer))
    }

    var devices: String { "/v1/apps/\(appID)/devices" }
    var publishes: String { "/v1/apps/\(appID)/publishes" }

    /// Registers device `n` with the client key (and a user token for `user`), from `peer`.
    func register(_ n: Int, interests: [String] = ["news"], user: String? = nil, peer: String = "") -> HTTPResponse {
        var body: [String: JSONValue] = [
            "token": .string(StoreFixture.token(n)), "environment": "production", "interests": .array(interests.map(JSONValue.string)),
        ]
        if let user {
            body["userId"] = .string(user)
            body["userToken"] = .string(userToken(user))
        }
        return send("POST", devices, key: clientKey, json: .object(body), peer: peer)
    }

    /// A valid user token for `user`, signed with the app's secret at the harness clock.
    func userToken(_ user: String, lifetime: Double = 3600) -> String {
        (try? UserTokenSigner(appID: appID, secret: userTokenSecret).token(userID: user, now: clock.now, lifetime: lifetime)) ?? ""
    }

    /// Registers device `n` and returns its id and device key.
    func registered(_ n: Int, interests: [String] = ["news"], user: String? = nil, peer: String = "") -> (id: String, key: String) {
        let answer = register(n, interests: interests, user: user, peer: peer).json
        return (answer?["deviceId"]?.stringValue ?? "", answer?["deviceKey"]?.stringValue ?? "")
    }

    func publish(_ body: JSONValue) -> HTTPResponse { send("POST", publishes, key: serverKey, json: body) }

    /// Expects `body` refused as a publish: 400 `invalid_request`, a message starting with
    /// `message`, nothing published.
    func expectPublishRefused(_ body: JSONValue, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let response = publish(body)
        #expect(response.status == 400, sourceLocation: sourceLocation)
        #expect(response.errorCode == "invalid_request", sourceLocation: sourceLocation)
        #expect(response.errorMessage.hasPrefix(message), "\(response.errorMessage)", sourceLocation: sourceLocation)
        #expect(published.count == 0, sourceLocation: sourceLocation)
    }
}

extension HTTPResponse {
    var errorCode: String? { json?["error"]?["code"]?.stringValue }
    var errorMessage: String { json?["error"]?["message"]?.stringValue ?? "" }
}
