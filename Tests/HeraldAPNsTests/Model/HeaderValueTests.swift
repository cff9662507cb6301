import HeraldAPNs
import HeraldAPNsSimulator
import HeraldCore
import Testing

/// A value that becomes an `apns-*` header cannot end it, add another, or be cut short:
/// the request is refused when it is built, so it never reaches the wire.
@Suite("APNs header values are visible characters")
struct HeaderValueTests {
    static let unsafe: [(String, String)] = [
        ("c\r\napns-expiration: 1", "control character (CR)"), ("c\nx", "control character (LF)"), ("c\rx", "control character (CR)"),
        ("c\0x", "control character (NUL)"), ("c\tx", "control character (TAB)"), ("c\u{1B}x", "control character (U+001B)"),
        ("c\u{7F}x", "control character (DEL)"), ("c\u{85}x", "control character (U+0085)"), (" c", "starts or ends with a space"),
        ("c ", "starts or ends with a space"), ("", "is empty"),
    ]

    @Test("a collapse id with CR, LF, NUL, another control character or outer spaces is refused, naming the field and the rule")
    func collapseIDRefused() throws {
        for (value, problem) in Self.unsafe {
            let error = try #require(throws: APNSRequestError.self, "\(value.debugDescription)") {
                try SimulatorFixture.request(1, collapseID: value)
            }
            #expect(error.field == "collapse id", "\(value.debugDescription)")
            #expect(error.message.contains(problem), "\(value.debugDescription): \(error.message)")
            if !value.isEmpty && problem != "starts or ends with a space" {
                #expect(error.message.contains("no CR, LF, NUL or other control characters"), "\(error.message)")
            }
        }
    }

    @Test("visible characters up to 64 bytes, inner spaces too, go out as they were given")
    func collapseIDAccepted() throws {
        for value in ["score-7", "a b", "~!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}", "caf\u{E9}", String(repeating: "x", count: 64)] {
            let request = try SimulatorFixture.request(1, collapseID: value)
            #expect(request.headers.first { $0.name == "apns-collapse-id" }?.value == value)
        }
        let error = try #require(throws: APNSRequestError.self) {
            try SimulatorFixture.request(1, collapseID: String(repeating: "x", count: 65))
        }
        #expect(error.message == "is 65 bytes; APNs allows 64")
    }

    @Test("the other header values cannot carry a control character either: topic, push type, apns-id; nor the path")
    func otherHeaders() throws {
        let token = SimulatorFixture.device(1)
        let payload: JSONValue = ["aps": ["alert": "x"]]
        for control in ["\r\napns-expiration: 1", "\n", "\0", "\u{1B}"] {
            let cases: [(String, () throws -> APNSRequest)] = [
                ("topic", { try APNSRequest(deviceToken: token, payload: payload, bundleID: "com.example.app" + control) }),
                (
                    "push type",
                    {
                        try APNSRequest(
                            deviceToken: token, payload: payload, pushType: PushType(rawValue: "alert" + control), bundleID: "a.b")
                    }
                ),
                (
                    "apns-id",
                    {
                        try APNSRequest(
                            deviceToken: token, payload: payload, bundleID: "a.b", apnsID: "123e4567-e89b-12d3-a456-4266554400a0" + control)
                    }
                ),
            ]
            for (field, make) in cases {
                let error = try #require(throws: APNSRequestError.self, "\(field) with \(control.debugDescription)") { try make() }
                #expect(error.field == field, "\(control.debugDescription): \(error)")
            }
            // The token goes into the path as the hex it holds (white space is dropped), or is refused.
            if let request = try? APNSRequest(deviceToken: token + control, payload: payload, bundleID: "a.b") {
                #expect(request.path == "/3/device/" + token, "\(control.debugDescription)")
            }
        }
    }

    @Test("of U+0000 to U+00FF, exactly the C0 and C1 controls and DEL are refused")
    func controls() {
        for value in UInt8(0)...UInt8(255) {
            let passes = APNSHeaderValue.problem("a" + String(Character(Unicode.Scalar(value))) + "a", maxBytes: 64) == nil
            #expect(passes == !((0x00...0x1F).contains(value) || (0x7F...0x9F).contains(value)), "U+\(value)")
        }
        #expect(APNSHeaderValue.rule(maxBytes: 64).hasPrefix("1 to 64 bytes of visible characters"))
    }
}

@Suite("a request with an unsafe header value never reaches APNs")
struct HeaderValueClientTests {
    @Test("refused before sending, with retries on: the simulator sees none of it, and the batch's other requests still go")
    func refusedBeforeSending() async throws {
        let fixture = try SimulatorFixture()
        let client = try fixture.client(configure: { $0.retry = APNSRetryPolicy(maxRetries: 3, baseDelay: 0.01, maxDelay: 0.01) })
        var requests: [APNSRequest] = []
        var refused: [APNSRequestError] = []
        for (n, (value, _)) in HeaderValueTests.unsafe.enumerated() {
            do {
                requests.append(try SimulatorFixture.request(n, collapseID: value))
            } catch {
                refused.append(error as? APNSRequestError ?? APNSRequestError("?", "\(error)"))
            }
        }
        #expect(refused.count == HeaderValueTests.unsafe.count)
        #expect(refused.allSatisfy { $0.field == "collapse id" })
        requests.append(try SimulatorFixture.request(100, collapseID: "safe"))
        let results = await client.send(batch: requests)
        #expect(results.count == 1)
        #expect((try? results[0].get())?.status == 200)
        #expect(fixture.simulator.statistics.requests == 1)
        #expect(fixture.simulator.accepted.map(\.collapseID) == ["safe"])
        #expect(fixture.simulator.accepted.first?.expiration == nil)
        await client.shutdown()
    }
}
