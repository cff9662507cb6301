import HeraldCore
import HeraldSimulator
import Testing

/// A burst of pushes larger than the banner line, and leaving the foreground between two banners.
@Suite("banner scenarios: bursts and the gap")
@MainActor
struct BannerBurstScenarioTests {
    static let app = #"{"tabs": ["home"], "routes": [{"pattern": "app://item/:id", "screen": "item"}]}"#

    static func push(_ index: Int) -> String {
        #"{"receive": {"aps": {"alert": "Item \#(index)"}, "id": "n\#(index)", "url": "app://item/\#(index)"}}"#
    }

    static func scenario(_ steps: [String], app: String = app) -> String {
        #"{"app": \#(app), "steps": [{"launch": {}}, {"uiReady": true}, {"state": "active"}, \#(steps.joined(separator: ", "))]}"#
    }

    @Test("a burst of 20 pushes in the foreground loses none, and one from the list opens its item")
    func burstOfTwenty() throws {
        let steps = (0..<20).map(Self.push) + [#"{"advance": 120}"#, #"{"tap": {"notification": "n15"}}"#]
        let timeline = try Timeline(Self.scenario(steps))
        let shown = Set(timeline.named("banner.shown").compactMap { $0.fields["id"]?.stringValue })
        let listed = Set(
            timeline.named("system.notification", ["options": ["list", "badge"], "source": "local"]).compactMap { $0.fields["id"]?.stringValue })
        #expect(shown.count == 9)
        #expect(listed.count == 11)
        #expect(shown.union(listed) == Set((0..<20).map { "n\($0)" }), "every push is a banner or in the list")
        #expect(timeline.named("banner.dropped", ["reason": "overflow"]).count == 11)
        #expect(timeline.named("local.posted").count == 11)
        // Each banner past the line is in the list at the moment it overflowed.
        #expect(timeline.named("system.notification", ["id": "n15"]).map(\.time) == [0])
        let opened = try #require(timeline.named("navigation", ["kind": "push"]).last)
        #expect(opened.fields["id"] == "n15")
        #expect(opened.params == ["id": "15"])
    }

    @Test("going to the background in the rest gap posts the waiting banner and shows none in the background")
    func backgroundDuringGap() throws {
        let app = #"{"bannerGap": 1}"#
        let steps = [Self.push(1), Self.push(2), #"{"advance": 5.75}"#, #"{"state": "background"}"#, #"{"advance": 10}"#]
        let timeline = try Timeline(Self.scenario(steps, app: app))
        #expect(timeline.entries.filter { $0.event.hasPrefix("banner.") || $0.event == "local.posted" } == [
            line(0, "banner.shown", ["id": "n1", "title": .null, "body": "Item 1"]),
            line(5.25, "banner.hidden", ["id": "n1", "reason": "timeout"]),
            line(5.75, "banner.dropped", ["id": "n2", "reason": "removed"]),
            line(5.75, "local.posted", ["id": "n2"]),
        ])
        #expect(timeline.named("system.notification", ["id": "n2"]).map(\.time) == [5.75])
    }

    @Test("bannerGap and bannerCapacity are checked")
    func keysChecked() {
        #expect(parseError(#"{"app": {"bannerGap": "1"}, "steps": []}"#)?.path == "app.bannerGap")
        #expect(parseError(#"{"app": {"bannerCapacity": 2.5}, "steps": []}"#)?.path == "app.bannerCapacity")
        #expect(parseError(#"{"app": {"bannerCapacity": -1}, "steps": []}"#)?.path == "app.bannerCapacity")
    }
}
