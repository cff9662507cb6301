import HeraldAPNs
import HeraldAPNsModel
import HeraldCore
import Testing

@Suite("APNs requests are checked before anything is sent")
struct RequestTests {
    static let token = String(repeating: "ab", count: 32)
    static let alert: JSONValue = .object(["aps": .object(["alert": .string("Hello")])])
    static let background: JSONValue = .object(["aps": .object(["content-available": .int(1)])])

    @Test("every push type gets its topic suffix once", arguments: PushType.documented)
    func topicSuffix(type: PushType) throws {
        let payload = type == .background ? Self.background : Self.alert
        guard type != .liveActivity else { return }
        let request = try APNSRequest(deviceToken: Self.token, payload: payload, pushType: type, bundleID: "com.example.app")
        #expect(request.topic == "com.example.app" + type.topicSuffix)
        let again = try APNSRequest(deviceToken: Self.token, payload: payload, pushType: type, bundleID: request.topic)
        #expect(again.topic == request.topic)
    }

    @Test("headers, path and compact payload")
    func headers() throws {
        let request = try APNSRequest(
            deviceToken: "<" + Self.token.uppercased() + ">", payload: Self.alert, bundleID: "com.example.app",
            expiration: 0, collapseID: "score", apnsID: "123E4567-E89B-12D3-A456-4266554400A0")
        #expect(request.path == "/3/device/" + Self.token)
        #expect(
            request.headers.map(\.name) == [
                "apns-push-type", "apns-topic", "apns-priority", "apns-expiration", "apns-collapse-id", "apns-id",
            ])
        #expect(request.headers.map(\.value) == ["alert", "com.example.app", "10", "0", "score", "123e4567-e89b-12d3-a456-4266554400a0"])
        #expect(String(decoding: request.payload, as: UTF8.self) == #"{"aps":{"alert":"Hello"}}"#)
    }

    @Test("background pushes default to priority 5 and refuse 10")
    func backgroundPriority() throws {
        let request = try APNSRequest(deviceToken: Self.token, payload: Self.background, pushType: .background, bundleID: "com.example.app")
        #expect(request.priority == .powerConsiderate)
        let error = try #require(throws: APNSRequestError.self) {
            try APNSRequest(
                deviceToken: Self.token, payload: Self.background, pushType: .background, bundleID: "com.example.app", priority: .immediate)
        }
        #expect(error.field == "priority")
    }

    @Test("bad fields are refused with the field named")
    func refused() throws {
        let cases: [(String, () throws -> APNSRequest)] = [
            ("device token", { try APNSRequest(deviceToken: "xyz", payload: RequestTests.alert, bundleID: "a.b") }),
            ("device token", { try APNSRequest(deviceToken: "abcd", payload: RequestTests.alert, bundleID: "a.b") }),
            ("topic", { try APNSRequest(deviceToken: RequestTests.token, payload: RequestTests.alert, bundleID: "") }),
            (
                "topic",
                {
                    try APNSRequest(
                        deviceToken: RequestTests.token, payload: RequestTests.alert, pushType: .voip, bundleID: "a.b.complication")
                }
            ),
            (
                "push type",
                {
                    try APNSRequest(
                        deviceToken: RequestTests.token, payload: RequestTests.alert, pushType: PushType(rawValue: "sms"), bundleID: "a.b")
                }
            ),
            (
                "priority",
                {
                    try APNSRequest(
                        deviceToken: RequestTests.token, payload: RequestTests.alert, bundleID: "a.b", priority: APNSPriority(rawValue: 7))
                }
            ),
            (
                "collapse id",
                {
                    try APNSRequest(
                        deviceToken: RequestTests.token, payload: RequestTests.alert, bundleID: "a.b",
                        collapseID: String(repeating: "é", count: 33))
                }
            ),
            (
                "expiration",
                { try APNSRequest(deviceToken: RequestTests.token, payload: RequestTests.alert, bundleID: "a.b", expiration: -1) }
            ),
            (
                "apns-id",
                { try APNSRequest(deviceToken: RequestTests.token, payload: RequestTests.alert, bundleID: "a.b", apnsID: "not-a-uuid") }
            ),
            (
                "aps.badge",
                {
                    try APNSRequest(
                        deviceToken: RequestTests.token, payload: .object(["aps": .object(["badge": .string("3")])]), bundleID: "a.b")
                }
            ),
            (
                "payload",
                {
                    try APNSRequest(
                        deviceToken: RequestTests.token,
                        payload: .object(["aps": .object(["alert": .string(String(repeating: "x", count: 4100))])]), bundleID: "a.b")
                }
            ),
            (
                "aps.content-available",
                {
                    try APNSRequest(
                        deviceToken: RequestTests.token, payload: RequestTests.alert, pushType: .background, bundleID: "a.b",
                        priority: .powerConsiderate)
                }
            ),
        ]
        for (field, build) in cases {
            let error = try #require(throws: APNSRequestError.self) { try build() }
            #expect(error.field == field, "\(error)")
            #expect(!error.message.isEmpty)
        }
    }

    @Test("a 64-byte collapse id is accepted; VoIP payloads may be 5120 bytes")
    func limits() throws {
        _ = try APNSRequest(deviceToken: Self.token, payload: Self.alert, bundleID: "a.b", collapseID: String(repeating: "é", count: 32))
        let big: JSONValue = .object(["aps": .object(["alert": .string("call")]), "pad": .string(String(repeating: "x", count: 4500))])
        _ = try APNSRequest(deviceToken: Self.token, payload: big, pushType: .voip, bundleID: "a.b")
        #expect(throws: APNSRequestError.self) { try APNSRequest(deviceToken: Self.token, payload: big, bundleID: "a.b") }
    }

    @Test("lint warnings are kept on the request")
    func warnings() throws {
        let request = try APNSRequest(
            deviceToken: Self.token, payload: .object(["aps": .object(["alert": .string("x"), "colour": .string("red")])]), bundleID: "a.b")
        #expect(request.warnings.map(\.path) == ["aps.colour"])
    }

    @Test("addressed to another device: the checked payload and headers kept, the new token and apns-id checked")
    func addressed() throws {
        let template = try APNSRequest(
            deviceToken: Self.token, payload: Self.alert, bundleID: "com.example.app", expiration: 0, collapseID: "score",
            apnsID: "123e4567-e89b-12d3-a456-4266554400a0")
        let other = String(repeating: "cd", count: 32)
        let copy = try template.addressed(to: other.uppercased(), apnsID: "223E4567-E89B-12D3-A456-4266554400A0")
        #expect(copy.path == "/3/device/" + other)
        #expect(copy.payload == template.payload && copy.topic == template.topic && copy.collapseID == "score" && copy.expiration == 0)
        #expect(copy.apnsID == "223e4567-e89b-12d3-a456-4266554400a0")
        #expect(try template.addressed(to: other).apnsID == nil)
        #expect(throws: APNSRequestError.self) { try template.addressed(to: "xyz") }
        #expect(throws: APNSRequestError.self) { try template.addressed(to: other, apnsID: "not-a-uuid") }
    }

    @Test(
        "an apns-id is a canonical UUID: 36 characters, dashes at 8, 13, 18 and 23, hex elsewhere (either case)",
        arguments: [
            ("123e4567-e89b-12d3-a456-4266554400a0", true), ("123E4567-E89B-12D3-A456-4266554400A0", true),
            ("123e4567e-89b-12d3-a456-4266554400a0", false), ("123e4567-e89b-12d3-a456-4266554400a", false),
            ("123e4567-e89b-12d3-a456-4266554400a00", false), ("123g4567-e89b-12d3-a456-4266554400a0", false),
            ("123e4567-e89b-12d3-a456-42665544-0a0", false), ("123e4567-e89b-12d3-a456-4266554400aé", false), ("", false),
        ])
    func apnsIDShape(id: String, valid: Bool) throws {
        let template = try APNSRequest(deviceToken: Self.token, payload: Self.alert, bundleID: "a.b")
        if valid {
            #expect(try template.addressed(to: Self.token, apnsID: id).apnsID == id.lowercased())
        } else {
            #expect(throws: APNSRequestError.self) { try template.addressed(to: Self.token, apnsID: id) }
        }
    }

    @Test(
        "a device token: 16 to 100 bytes of hex, given back in lowercase without spaces or <>",
        arguments: [
            (String(repeating: "ab", count: 32), String(repeating: "ab", count: 32)),
            ("<" + String(repeating: "AB", count: 16) + " " + String(repeating: "cd", count: 16) + ">",
                String(repeating: "ab", count: 16) + String(repeating: "cd", count: 16)),
            (String(repeating: "ab", count: 16), String(repeating: "ab", count: 16)),
            (String(repeating: "ab", count: 100), String(repeating: "ab", count: 100)),
            (String(repeating: "ab", count: 15), nil), (String(repeating: "ab", count: 101), nil),
            (String(repeating: "ab", count: 32) + "a", nil), (String(repeating: "ag", count: 32), nil),
        ] as [(String, String?)])
    func tokenShape(token: String, expected: String?) throws {
        let template = try APNSRequest(deviceToken: Self.token, payload: Self.alert, bundleID: "a.b")
        if let expected {
            #expect(try template.addressed(to: token).path == "/3/device/" + expected)
        } else {
            #expect(throws: APNSRequestError.self) { try template.addressed(to: token) }
        }
    }
}
