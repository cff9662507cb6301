import Foundation
import Testing

@testable import HeraldCore

@Suite("local re-post and the reverse userInfo bridge")
struct LocalRepostTests {
    static let jpush = #"{"aps": {"alert": {"title": "Order shipped", "body": "Order 9001 is on its way"}, "thread-id": "orders", "category": "order"}, "_j_msgid": 9001, "order_id": "9001", "uid": "u-7"}"#

    @Test("the re-post carries the push's text, thread and category, the default sound and the whole payload")
    func content() throws {
        let push = try PayloadDecoder().decode(Self.jpush)
        let repost = LocalRepost(push, fallbackIdentifier: "unused")
        #expect(repost.identifier == "herald.repost.9001")
        #expect(repost.title == "Order shipped" && repost.body == "Order 9001 is on its way" && repost.subtitle == nil)
        #expect(repost.sound == .systemDefault)
        #expect(repost.threadID == "orders" && repost.categoryID == "order")
        #expect(repost.userInfo == push.raw)
    }

    @Test("the echo's userInfo decodes to the same notification, so the runtime knows it for the echo")
    func echoDecodesTheSame() throws {
        let push = try PayloadDecoder().decode(Self.jpush)
        let repost = LocalRepost(push, fallbackIdentifier: "unused")
        let userInfo = try #require(JSONValue.object(repost.userInfo).foundationObject as? [String: Any])
        let echo = try PayloadDecoder().decode(userInfo: userInfo)
        #expect(echo.id == push.id && echo.provider == push.provider && echo.content == push.content)
        #expect(echo == push)
    }

    @Test("a push's own sound is kept; a push without an id uses the fallback identifier")
    func soundAndFallback() throws {
        let push = try PayloadDecoder().decode(#"{"aps": {"alert": "Hi", "sound": "chime.caf"}}"#)
        let repost = LocalRepost(push, fallbackIdentifier: "generated")
        #expect(repost.sound == .named("chime.caf") && repost.identifier == "generated")
    }

    @Test("every JSON value survives the round trip through Foundation")
    func roundTrip() {
        let value: JSONValue = [
            "null": .null, "yes": true, "no": false, "zero": 0, "big": .int(9_007_199_254_740_993), "pi": 3.25,
            "text": "é", "list": [1, "a", false, .null, ["nested": [2.5]]],
        ]
        #expect(JSONValue(foundation: value.foundationObject) == value)
    }
}
