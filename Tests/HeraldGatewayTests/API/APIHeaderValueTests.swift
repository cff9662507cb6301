import Foundation
import HeraldCore
import Testing

@testable import HeraldGateway

/// Every value of a publish that becomes an APNs header (or the request's path) is refused
/// with a 400 naming the field when it holds CR, LF, NUL or another control character:
/// nothing is stored, nothing is sent.
@Suite("API: header-bound publish values")
struct APIHeaderValueTests {
    /// The characters that split, cut or spoil a header, and `"c\r\napns-expiration: 1"`.
    static let controls = ["\r", "\n", "\r\napns-expiration: 1", "\0", "\t", "\u{1B}", "\u{7F}", "\u{85}"]

    /// The body with `value` in one header-bound field, and the field the 400 must name.
    static func cases(_ control: String) -> [(field: String, body: JSONValue)] {
        let target: JSONValue = ["news"]
        func options(_ key: String, _ value: JSONValue) -> JSONValue {
            ["interests": target, "notification": ["title": "x"], "options": .object([key: value])]
        }
        return [
            ("options.collapseId", options("collapseId", .string("c" + control + "x"))),
            ("options.collapseId", options("collapseId", .string("c" + control))),
            ("options.pushType", options("pushType", .string("alert" + control))),
            ("options.priority", options("priority", .string("10" + control))),
            ("options.ttl", options("ttl", .string("60" + control))),
            ("options.sendAt", options("sendAt", .string("2026-12-01T09:00:00Z" + control))),
            ("tokens[0]", ["tokens": [.string(String(repeating: "ab", count: 32) + control)], "notification": ["title": "x"]]),
        ]
    }

    @Test(
        "CR, LF, NUL and other control characters: 400 invalid_request naming the field; nothing stored", arguments: StoreKind.tested,
        controls)
    func refused(kind: StoreKind, control: String) throws {
        let h = try APIHarness(kind)
        for (field, body) in Self.cases(control) {
            let response = h.publish(body)
            #expect(response.status == 400, "\(field) with \(control.debugDescription)")
            #expect(response.errorCode == "invalid_request")
            #expect(response.errorMessage.hasPrefix(field + ": "), "\(response.errorMessage)")
        }
        #expect(h.published.count == 0)
        #expect(try h.fixture.scalar("SELECT count(*) FROM publishes") == 0)
    }

    @Test(
        "a collapse id's 400 says what is allowed: visible characters, at most 64 bytes, no control characters",
        arguments: StoreKind.tested)
    func collapseIDMessage(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let body: JSONValue = [
            "interests": ["news"], "notification": ["title": "x"], "options": ["collapseId": "c\r\napns-expiration: 1"],
        ]
        let response = h.publish(body)
        #expect(response.status == 400)
        #expect(
            response.errorMessage
                == "options.collapseId: has a control character (CR) at character 2; give 1 to 64 bytes of visible characters (printable ASCII or other UTF-8 text, spaces only inside); no CR, LF, NUL or other control characters"
        )
        let fine = h.publish(["interests": ["news"], "notification": ["title": "x"], "options": ["collapseId": "score update 7"]])
        #expect(fine.status == 202)
        let id = try #require(fine.json?["publishId"]?.stringValue)
        #expect(try h.fixture.store.publish(appID: h.appID, id: id)?.options.collapseID == "score update 7")
    }
}
