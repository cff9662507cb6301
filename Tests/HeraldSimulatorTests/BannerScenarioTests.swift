import HeraldCore
import HeraldSimulator
import Testing

/// The in-app banner as a scenario sees it: duplicates, threads, touches, swipes, and
/// what leaving the foreground does to it.
@Suite("banner scenarios")
@MainActor
struct BannerScenarioTests {
    /// An app that is up and active; `steps` follow.
    static func active(_ steps: String, app: String = "{}") -> String {
        #"{"app": \#(app), "steps": [{"launch": {}}, {"uiReady": true}, {"state": "active"}, \#(steps)]}"#
    }

    static func push(_ id: String, _ body: String = "Hi", thread: String? = nil) -> String {
        let threadKey = thread.map { #", "thread-id": "\#($0)""# } ?? ""
        return #"{"receive": {"aps": {"alert": "\#(body)"\#(threadKey)}, "id": "\#(id)"}}"#
    }

    @Test("a push with the id of the banner on screen is announced and shown only once")
    func duplicateOnScreen() throws {
        let timeline = try Timeline(Self.active([Self.push("a"), #"{"advance": 2}"#, Self.push("a", "Hi again"), #"{"advance": 10}"#].joined(separator: ", ")))
        #expect(timeline.named("notification.received", ["id": "a"]).map(\.time) == [0])
        #expect(timeline.named("banner.shown") == [line(0, "banner.shown", ["id": "a", "title": .null, "body": "Hi"])])
        #expect(timeline.named("banner.updated").isEmpty)
        // The runtime refuses the duplicate before it reaches the banner queue.
        #expect(timeline.named("banner.dropped").isEmpty)
        #expect(timeline.named("banner.hidden") == [line(5.25, "banner.hidden", ["id": "a", "reason": "timeout"])])
    }

    @Test("a push with an id already shown earlier is not shown again")
    func duplicateLater() throws {
        let timeline = try Timeline(Self.active([Self.push("a"), #"{"advance": 30}"#, Self.push("a"), #"{"advance": 10}"#].joined(separator: ", ")))
        #expect(timeline.named("banner.shown").count == 1)
        #expect(timeline.named("notification.received").count == 1)
        #expect(timeline.events.last == "banner.hidden")
    }

    @Test("a push of the thread on screen replaces its content and restarts its 5 s")
    func threadCoalesces() throws {
        let timeline = try Timeline(Self.active(
            [Self.push("a", "First", thread: "chat"), #"{"advance": 2}"#, Self.push("b", "Second", thread: "chat"), #"{"advance": 10}"#]
                .joined(separator: ", ")))
        #expect(timeline.entries.filter { $0.event.hasPrefix("banner.") } == [
            line(0, "banner.shown", ["id": "a", "title": .null, "body": "First"]),
            line(2, "banner.updated", ["id": "b", "title": .null, "body": "Second"]),
            line(7, "banner.hidden", ["id": "b", "reason": "timeout"]),
        ])
    }

    @Test("banners wait their turn; leaving the foreground hides the one on screen and posts the waiting ones to the notification centre")
    func backgroundClears() throws {
        let timeline = try Timeline(Self.active(
            [
                Self.push("a"), Self.push("b"), Self.push("c"), #"{"advance": 1}"#, #"{"state": "background"}"#, #"{"advance": 10}"#,
                #"{"tap": {"notification": "b"}}"#,
            ]
            .joined(separator: ", ")))
        #expect(timeline.entries.filter { $0.event.hasPrefix("banner.") } == [
            line(0, "banner.shown", ["id": "a", "title": .null, "body": "Hi"]),
            line(1, "banner.dropped", ["id": "b", "reason": "removed"]),
            line(1, "banner.dropped", ["id": "c", "reason": "removed"]),
            line(1, "banner.hidden", ["id": "a", "reason": "programmatic"]),
        ])
        #expect(timeline.named("app.state", ["state": "background"]).map(\.time) == [1])
        // Neither b nor c was seen: each is in the notification centre, received once.
        #expect(timeline.named("local.posted").map(\.fields["id"]) == ["b", "c"])
        #expect(timeline.named("system.notification", ["source": "local"]).map(\.fields["id"]) == ["b", "c"])
        #expect(timeline.named("notification.received", ["id": "b"]).count == 1)
        #expect(timeline.named("step.ignored").isEmpty, "the tap finds b in the notification centre")
        #expect(timeline.named("notification.opened", ["id": "b"]).map(\.time) == [11])
    }

    @Test("a finger on the banner holds its countdown for exactly as long as it is down")
    func touchHolds() throws {
        let timeline = try Timeline(Self.active(
            [Self.push("a"), #"{"advance": 1}"#, #"{"touch": "down"}"#, #"{"advance": 3}"#, #"{"touch": "up"}"#, #"{"advance": 10}"#]
                .joined(separator: ", ")))
        #expect(timeline.named("banner.hidden") == [line(8.25, "banner.hidden", ["id": "a", "reason": "timeout"])])
    }

    @Test("bannerDuration sets how long a banner stays")
    func duration() throws {
        let timeline = try Timeline(Self.active([Self.push("a"), #"{"advance": 10}"#].joined(separator: ", "), app: #"{"bannerDuration": 2}"#))
        #expect(timeline.named("banner.hidden").map(\.time) == [2.25])
    }

    @Test("a swipe dismisses past 75 pt, a third of bannerHeight, or 750 pt/s upward; otherwise the banner stays", arguments: [
        (-40.0, 0.0, 88.0, true), (-20.0, -300.0, 88.0, false), (-20.0, 0.0, 40.0, true), (-76.0, 0.0, 0.0, true),
        (-10.0, -800.0, 88.0, true), (30.0, -900.0, 88.0, false), (-74.0, 0.0, 300.0, false),
    ])
    func swipeRule(_ dy: Double, _ vy: Double, _ height: Double, _ dismisses: Bool) throws {
        let timeline = try Timeline(Self.active(
            [Self.push("a"), #"{"advance": 1}"#, #"{"swipe": {"dy": \#(dy), "vy": \#(vy)}}"#, #"{"advance": 10}"#].joined(separator: ", "),
            app: #"{"bannerHeight": \#(height)}"#))
        let expected = dismisses ? line(1, "banner.hidden", ["id": "a", "reason": "swipe"]) : line(5.25, "banner.hidden", ["id": "a", "reason": "timeout"])
        #expect(timeline.named("banner.hidden") == [expected])
        #expect(timeline.named("navigation").isEmpty && timeline.named("notification.opened").isEmpty)
    }

    @Test("a tap with no banner on screen does nothing")
    func tapNothing() throws {
        let timeline = try Timeline(Self.active(#"{"tap": "banner"}, {"swipe": {"dy": -100}}"#))
        #expect(timeline.events == ["app.state"])
    }

    /// Post 000 shows the banner only while the app is active. A presentation held for the UI
    /// is replayed by `uiReady()` whatever the state is by then (HeraldRuntime.uiReady).
    @Test("a banner held for the UI is not shown if the app is in the background when the UI is ready")
    func bufferedThenBackground() throws {
        let timeline = try Timeline(
            #"{"steps": [{"launch": {}}, {"state": "active"}, \#(Self.push("a")), {"state": "background"}, {"uiReady": true}, {"advance": 6}]}"#)
        let background = try #require(timeline.index("app.state", ["state": "background"]))
        #expect(timeline.index("launch.buffered", ["id": "a", "what": "presentation"]) != nil)
        #expect(timeline.entries[background...].filter { $0.event == "banner.shown" }.isEmpty, "\(timeline)")
    }

    @Test("after a launch, a banner decided before the UI exists waits for uiReady")
    func bufferedPresentation() throws {
        let timeline = try Timeline(#"{"steps": [{"launch": {}}, {"state": "active"}, \#(Self.push("a")), {"advance": 1}, {"uiReady": true}, {"advance": 10}]}"#)
        #expect(timeline.about("a") == [
            line(0, "notification.received", ["id": "a", "source": "remote", "state": "active"]),
            line(0, "launch.buffered", ["id": "a", "what": "presentation"]),
            line(1, "banner.shown", ["id": "a", "title": .null, "body": "Hi"]),
            line(6.25, "banner.hidden", ["id": "a", "reason": "timeout"]),
        ])
    }
}
