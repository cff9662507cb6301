import HeraldCore
import HeraldSimulator
import Testing

/// Pushes a provider sends for its own SDK never reach the user.
@Suite("provider-internal push scenarios")
@MainActor
struct ProviderInternalScenarioTests {
    @Test("a Beams push marked userShouldIgnore shows nothing in the foreground; the next one shows")
    func beamsInternalShowsNothing() throws {
        let timeline = try Timeline(#"""
            {"app": {"fieldRoutes": [{"when": {"order_id": "*"}, "screen": "order", "params": {"id": "order_id"}}]},
             "steps": [{"launch": {}}, {"uiReady": true}, {"state": "active"},
               {"receive": {"aps": {"alert": "internal"}, "data": {"pusher": {"publishId": "p1", "userShouldIgnore": true}, "order_id": "1"}}},
               {"advance": 1}, {"tap": "banner"},
               {"receive": {"aps": {"alert": "order"}, "data": {"pusher": {"publishId": "p2"}, "order_id": "2"}}},
               {"advance": 6}]}
            """#)
        #expect(timeline.about("p1") == [
            line(0, "notification.ignored", ["id": "p1", "reason": "provider-internal (pusher-beams: data.pusher.userShouldIgnore)"])
        ])
        #expect(timeline.named("banner.shown").map { $0.fields["id"] } == ["p2"])
        #expect(timeline.named("navigation").isEmpty)
        #expect(timeline.receipts("p1").isEmpty)
    }
}
