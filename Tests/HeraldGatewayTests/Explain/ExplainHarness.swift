import Foundation
import HeraldShared
import Testing
@testable import HeraldGateway
@testable import HeraldHTTP
@testable import HeraldStore

/// The API harness with devices that say who they are, explanations and previews.
final class ExplainHarness: @unchecked Sendable {
    let h: APIHarness
    var store: any GatewayStore { h.fixture.store }
    var appID: String { h.appID }
    var now: Double {
        get { h.clock.now }
        set { h.clock.now = newValue }
    }

    init(_ kind: StoreKind) throws { h = try APIHarness(kind) }

    /// Registers device `n` straight in the store with what it says about itself.
    @discardableResult
    func device(
        _ n: Int, platform: PushPlatform = .apns, interests: [String] = ["news"], user: String? = nil, locale: String? = nil,
        timeZone: String? = nil, appVersion: String? = nil, tags: [String: JSONValue] = [:]
    ) throws -> String {
        let token = platform == .apns ? StoreFixture.token(n) : "fcm-token-\(n):" + String(repeating: "x", count: 100)
        return try store.registerDevice(
            appID: appID,
            DeviceRegistration(
                platform: platform, token: token, environment: .production, interests: interests, userID: user.map { .some($0) },
                attributes: DeviceAttributes(locale: .some(locale), timeZone: .some(timeZone), appVersion: .some(appVersion), tags: tags)),
            quota: .unlimited, now: now
        ).id
    }

    /// Publishes through the API; the publish id.
    func publish(_ body: JSONValue) throws -> String {
        let response = h.publish(body)
        return try #require(response.json?["publishId"]?.stringValue, "\(response.status) \(response.errorMessage)")
    }

    /// Fans everything out and answers every claim with `outcome`.
    func deliver(_ outcome: DeliveryResult.Outcome = .sent(apnsID: nil)) throws {
        while try store.fanOutStep(limit: 1000, now: now) != nil {}
        let jobs = try store.claimDeliveries(appID: appID, now: now, limit: 100_000)
        try store.completeDeliveries(jobs.map { DeliveryResult(seq: $0.seq, outcome: outcome) }, now: now)
    }

    func explainResponse(_ publish: String, _ device: String, key: String? = nil) -> HTTPResponse {
        h.send("GET", h.publishes + "/\(publish)/devices/\(device)", key: key ?? h.serverKey)
    }

    func explain(_ publish: String, _ device: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        let response = explainResponse(publish, device)
        #expect(response.status == 200, "\(response.errorMessage)", sourceLocation: sourceLocation)
        return try #require(response.json, sourceLocation: sourceLocation)
    }

    func previewResponse(_ publish: JSONValue, devices: [String]? = nil, users: [String]? = nil) -> HTTPResponse {
        var body: [String: JSONValue] = ["publish": publish]
        if let devices { body["devices"] = .array(devices.map(JSONValue.string)) }
        if let users { body["users"] = .array(users.map(JSONValue.string)) }
        return h.send("POST", h.publishes + "/preview", key: h.serverKey, json: .object(body))
    }

    /// Each device's preview, by device id.
    func preview(_ publish: JSONValue, devices: [String]) throws -> [String: JSONValue] {
        let response = previewResponse(publish, devices: devices)
        #expect(response.status == 200, "\(response.errorMessage)")
        let list = try #require(response.json?["devices"]?.arrayValue)
        return Dictionary(uniqueKeysWithValues: list.map { ($0["deviceId"]?.stringValue ?? "", $0) })
    }
}
