import HeraldCore
import HeraldSimulator
import Testing

/// What goes back to the server (`receipt` lines) and the badge (`badge` lines), as
/// `herald simulate` records them in its simulated App Group folder.
@Suite("receipts and badge")
@MainActor
struct ReceiptScenarioTests {
    @Test("post 001: a push and its local echo are reported once: delivered, shown, opened")
    func repostReportedOnce() throws {
        let timeline = try Timeline(seed: .repost001)
        // Re-posted as a local notification, it is presented by the system (then its echo is not again).
        #expect(timeline.receipts("2038183454") == ["delivered", "presented", "shown-in-foreground", "opened", "routed"])
        // The launch is delivered and opened, before its route waits for the UI; routed once the UI is ready.
        #expect(timeline.receipts("pubid-33f3f68e-b0c5-438f-b50f-fae93f6c48df") == ["delivered", "opened", "routed"])
    }

    @Test("a receipt line follows the event it reports")
    func receiptOrder() throws {
        let timeline = try Timeline(seed: .repost001)
        let all = timeline.all
        let shown = try #require(all.firstIndex { $0.event == "system.notification" })
        #expect(all[shown + 1] == line(0.4, "receipt", ["id": "2038183454", "kind": "shown-in-foreground"]))
        let opened = try #require(all.firstIndex { $0.event == "notification.opened" && $0.fields["id"] == "2038183454" })
        #expect(all[opened + 1] == line(0.4, "receipt", ["id": "2038183454", "kind": "opened"]))
    }

    @Test("post 004: shown in an alert is reported even when cancelled; a push iOS showed itself is reported opened only")
    func confirmReceipts() throws {
        let timeline = try Timeline(seed: .confirm004)
        #expect(timeline.receipts("n-42") == ["delivered", "shown-in-foreground", "presented", "opened", "routed"])
        #expect(timeline.receipts("n-43") == ["delivered", "shown-in-foreground", "presented"])
        #expect(timeline.receipts("n-44") == ["opened", "routed"])
    }

    @Test("post 000: a banner is reported shown when it slides in; a swiped one is never opened")
    func bannerReceipts() throws {
        let timeline = try Timeline(seed: .banner000)
        #expect(timeline.receipts("GT-1:5077:a1") == ["delivered", "shown-in-foreground", "presented"])
        #expect(timeline.receipts("GT-1:5078:a2") == ["delivered", "shown-in-foreground", "presented", "opened", "routed"])
        #expect(timeline.receipts("GT-1:5079:a3") == ["delivered", "shown-in-foreground", "presented"])
    }

    @Test("the badge counts unread notifications: up on arrival, down when opened")
    func badgeCounts() throws {
        let timeline = try Timeline(seed: .confirm004)
        #expect(timeline.badges == [1, 0, 1, 0, 1, 0], "the last 0 is the app clearing the badge")
    }

    @Test("clearBadge sets the badge to 0 (post 004); nothing is written when it is 0 already")
    func clearBadge() throws {
        var scenario = try Seed.confirm004.scenario()
        #expect(scenario.steps.contains(.clearBadge))
        let before = try Timeline(scenario).badges
        #expect(before == [1, 0, 1, 0, 1, 0], "the fourth 0 is the app's clearBadge after the cancelled alert")
        scenario.steps.append(.clearBadge)
        scenario.steps.append(.clearBadge)
        #expect(try Timeline(scenario).badges == before, "clearing a badge that is 0 writes nothing")
    }

    @Test("actions and dismissals are reported with their kind; an action carries its id")
    func actionReceipts() throws {
        let timeline = try Timeline(
            """
            {"steps": [{"launch": {}}, {"uiReady": true}, {"state": "background"},
                       {"receive": {"aps": {"alert": "1"}, "id": "a"}}, {"receive": {"aps": {"alert": "2"}, "id": "b"}},
                       {"action": {"id": "like", "notification": "a"}},
                       {"action": {"id": "com.apple.UNNotificationDismissActionIdentifier"}}]}
            """)
        let receipts = timeline.all.filter { $0.event == "receipt" && ["action", "dismissed"].contains($0.fields["kind"]) }
        #expect(receipts == [
            line(0, "receipt", ["id": "a", "kind": "action", "action": "like"]),
            line(0, "receipt", ["id": "b", "kind": "dismissed"]),
        ])
    }

    @Test("a notification without an id gets no receipt; a silent push is delivered but not counted")
    func withoutID() throws {
        let timeline = try Timeline(
            """
            {"steps": [{"launch": {}}, {"uiReady": true}, {"state": "active"},
                       {"receive": {"aps": {"alert": "No id"}}}, {"receive": {"aps": {"content-available": 1}, "id": "s"}}]}
            """)
        #expect(timeline.all.filter { $0.event == "receipt" } == [line(0, "receipt", ["id": "s", "kind": "delivered"])])
        #expect(timeline.badges.allSatisfy { $0 == 0 })
    }

    @Test("clearBadge is a step with any value")
    func clearBadgeParses() throws {
        #expect(try scenario(#"{"steps": [{"clearBadge": true}, {"clearBadge": {}}]}"#).steps == [.clearBadge, .clearBadge])
    }
}
