import Foundation
import Testing

@testable import HeraldCore

@Suite("userInfo bridge")
struct FoundationBridgeTests {
    @Test("a userInfo dictionary from JSONSerialization decodes like the JSON text")
    func userInfo() throws {
        let text = #"{"aps": {"alert": {"title": "T", "body": "B"}, "badge": 2, "content-available": 1, "relevance-score": 0.5}, "flag": true, "n": null, "list": [1, "a"]}"#
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let userInfo = try #require(object as? [AnyHashable: Any])
        let fromUserInfo = try PayloadDecoder().decode(userInfo: userInfo)
        let fromText = try PayloadDecoder().decode(text)
        #expect(fromUserInfo == fromText)
    }

    @Test("values JSON cannot hold keep their description")
    func foreignValues() {
        let value = JSONValue(foundation: ["when": Date(timeIntervalSince1970: 0)] as [AnyHashable: Any])
        #expect(value["when"]?.stringValue?.isEmpty == false)
    }
}
