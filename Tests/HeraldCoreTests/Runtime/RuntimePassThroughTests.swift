import Foundation
import Testing

@testable import HeraldCore

@Suite("Runtime: pass-through messages")
@MainActor
struct RuntimePassThroughTests {
    static let json = #"{"id": "g1", "mid": "m-1", "title": "官方客服", "content": "您有一条新消息", "url": "app://chat/9", "urltype": "h5"}"#

    func message(_ json: String = json, offline: Bool) -> PassThroughMessage {
        .getui(payload: Data(json.utf8), taskID: "task-1", messageID: "gmsg-1", offline: offline)
    }

    @Test("the payload's JSON text decodes: title and content, id, link, data")
    func decoding() throws {
        let n = try PayloadDecoder.standard.decode(passThrough: message(offline: false))
        #expect(n.provider == .getui)
        #expect(n.id == "g1")
        #expect(n.content == AlertContent(title: "官方客服", body: "您有一条新消息"))
        #expect(n.link == "app://chat/9")
        #expect(n[JSONPath("urltype")] == "h5")
        // Its re-post decodes to the same notification.
        let echo = try PayloadDecoder.standard.decode(JSONValue.object(n.raw))
        #expect(echo.id == n.id)
        #expect(echo.content == n.content)
        let noID = try PayloadDecoder.standard.decode(passThrough: message(#"{"title": "t", "content": "c"}"#, offline: false))
        #expect(noID.id == "gmsg-1", "the provider's message id when the payload has none")
        #expect(try PayloadDecoder.standard.decode(JSONValue.object(noID.raw)).id == "gmsg-1")
        let umengLike = try PayloadDecoder.standard.decode(passThrough: message(#"{"id": "g3", "d": 1, "p": 2}"#, offline: false))
        #expect(umengLike.data["d"] == 1, "no provider's key layout applies to the app's fields")
    }

    @Test("offline: true is presented as a system notification; Herald posts nothing")
    func offlineIsSystem() throws {
        let h = try RuntimeHarness()
        h.ready()
        h.runtime.receive(passThrough: message(offline: true))
        h.clock.advance(by: 10)
        #expect(h.kinds == ["received", "system.passThrough"])
        #expect(h.shownBanners.isEmpty)
        #expect(h.localPosts.isEmpty)
    }

    @Test("offline: false is an in-app banner in the foreground, and a local notification in the background")
    func onlineIsBanner() throws {
        let h = try RuntimeHarness()
        h.ready()
        h.runtime.receive(passThrough: message(offline: false))
        #expect(h.shownBanners.map(\.notification.content.body) == ["您有一条新消息"])
        #expect(h.kinds == ["received", "banner.show"])
        h.runtime.setState(.background)
        h.runtime.receive(passThrough: message(#"{"id": "g2", "title": "t", "content": "c"}"#, offline: false))
        #expect(h.localPosts.map(\.id) == ["g2"])
    }

    @Test("the same message twice is presented once")
    func duplicate() throws {
        let h = try RuntimeHarness()
        h.ready()
        h.runtime.receive(passThrough: message(offline: false))
        h.runtime.receive(passThrough: message(offline: true))
        #expect(h.kinds == ["received", "banner.show"])
    }

    @Test("a payload that is not JSON is rejected with the position of the mistake")
    func notJSON() throws {
        let h = try RuntimeHarness()
        h.ready()
        h.runtime.receive(passThrough: message("{\"title\": oops}", offline: false))
        #expect(h.kinds == ["rejected"])
        guard case .rejected(let reason)? = h.events.last else {
            Issue.record("\(h.events)")
            return
        }
        #expect(reason.hasPrefix("not valid JSON: line 1, column 11"), "\(reason)")
    }
}
