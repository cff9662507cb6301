import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldAPNsSimulator
import HeraldCore
import Testing

/// The simulator against an independent HTTP/2 client (the curl command line).
@Suite("APNs simulator, driven by curl")
struct SimulatorCurlTests {
    let fixture: SimulatorFixture
    init() throws {
        let gone = try SimulatorFault(parsing: "\(SimulatorFixture.device(410)):410:Unregistered")
        fixture = try SimulatorFixture { $0.faults = [gone] }
    }

    func headers(_ extra: [String] = [], jwt: String? = nil) throws -> [String] {
        ["authorization: bearer \(try jwt ?? fixture.jwt())", "apns-topic: com.example.app"] + extra
    }

    @Test("an accepted notification gets 200 with its apns-id and is recorded")
    func accepted() throws {
        let id = "9f1c0a6e-2b1d-4c1e-8f00-0123456789ab"
        let answer = fixture.curl(path: "/3/device/" + SimulatorFixture.device(1), headers: try headers(["apns-id: \(id)", "apns-collapse-id: c1"]), body: #"{"aps":{"alert":"hi"}}"#)
        #expect(answer.status == 200)
        #expect(answer.headers["apns-id"] == id)
        let recorded = try #require(fixture.simulator.accepted.first)
        #expect(recorded.token == SimulatorFixture.device(1) && recorded.apnsID == id && recorded.collapseID == "c1" && recorded.priority == 10)
        #expect(try JSONParser().parse(recorded.jsonLine)["payload"] == .object(["aps": .object(["alert": .string("hi")])]))
    }

    @Test("each check answers with APNs' status and reason")
    func refusals() throws {
        let device = "/3/device/" + SimulatorFixture.device(2)
        let alert = #"{"aps":{"alert":"hi"}}"#
        let expired = try fixture.jwt(issuedAt: Int(Date().timeIntervalSince1970) - 3700)
        let stranger = try APNSTokenSigner(key: try APNSSigningKey.generate(), keyID: SimulatorFixture.keyID, teamID: SimulatorFixture.teamID).token(issuedAt: Int(Date().timeIntervalSince1970))
        let cases: [(String, Int, String, CurlAnswer)] = [
            ("GET", 405, "MethodNotAllowed", fixture.curl(path: device, headers: try headers(), body: nil, method: "GET")),
            ("path", 404, "BadPath", fixture.curl(path: "/2/device/x", headers: try headers(), body: alert)),
            ("token", 400, "BadDeviceToken", fixture.curl(path: "/3/device/xyz", headers: try headers(), body: alert)),
            ("no jwt", 403, "MissingProviderToken", fixture.curl(path: device, headers: ["apns-topic: com.example.app"], body: alert)),
            ("old jwt", 403, "ExpiredProviderToken", fixture.curl(path: device, headers: try headers(jwt: expired), body: alert)),
            ("other key", 403, "InvalidProviderToken", fixture.curl(path: device, headers: try headers(jwt: stranger), body: alert)),
            ("push type", 400, "InvalidPushType", fixture.curl(path: device, headers: try headers(["apns-push-type: sms"]), body: alert)),
            ("suffix", 400, "BadTopic", fixture.curl(path: device, headers: try headers(["apns-push-type: voip"]), body: alert)),
            ("priority", 400, "BadPriority", fixture.curl(path: device, headers: try headers(["apns-priority: 7"]), body: alert)),
            ("collapse", 400, "BadCollapseId", fixture.curl(path: device, headers: try headers(["apns-collapse-id: " + String(repeating: "x", count: 65)]), body: alert)),
            ("apns-id", 400, "BadMessageId", fixture.curl(path: device, headers: try headers(["apns-id: nope"]), body: alert)),
            ("empty", 400, "PayloadEmpty", fixture.curl(path: device, headers: try headers(), body: "")),
            ("large", 413, "PayloadTooLarge", fixture.curl(path: device, headers: try headers(), body: #"{"x":""# + String(repeating: "x", count: 4100) + #""}"#)),
            ("410", 410, "Unregistered", fixture.curl(path: "/3/device/" + SimulatorFixture.device(410), headers: try headers(), body: alert)),
        ]
        for (name, status, reason, answer) in cases {
            #expect(answer.status == status, "\(name): \(answer)")
            let body = try? JSONParser().parse(answer.body)
            #expect(body?["reason"]?.stringValue == reason, "\(name): \(answer.body)")
        }
        let gone = try JSONParser().parse(cases.last?.3.body ?? "")
        let timestamp = try #require(gone["timestamp"]?.doubleValue)
        #expect(abs(timestamp / 1000 - Date().timeIntervalSince1970) < 60)
        #expect(fixture.simulator.acceptedCount == 0)
    }
}
