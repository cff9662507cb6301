import HeraldCore
import HeraldSimulator
import Testing

/// Seed post 004: ask in an alert while active, show directly from the notification
/// centre, and build the tab bar with the detail screen on a cold start.
@Suite("seed 004: confirm alert and cold-start stack")
@MainActor
struct Seed004ConfirmAlertTests {
    @Test("a cold start from a push builds the home stack with the pushextr id, before the app turns active")
    func coldStartStack() throws {
        let timeline = try Timeline(seed: .confirm004)
        #expect(Array(timeline.entries.prefix(5)) == [
            line(0, "notification.received", ["id": "n-41", "source": "launch", "state": "notRunning"]),
            line(0, "notification.opened", ["id": "n-41"]),
            line(0, "launch.buffered", ["id": "n-41", "what": "route"]),
            line(0, "navigation", [
                "id": "n-41", "kind": "stack", "tab": "home", "screen": "Detail", "params": ["id": "41"],
                "screens": [["screen": "Detail", "params": ["id": "41"]]],
            ]),
            line(0, "app.state", ["state": "active"]),
        ])
    }

    @Test("while active the user is asked first; show opens the detail screen")
    func confirmShow() throws {
        let timeline = try Timeline(seed: .confirm004)
        #expect(timeline.about("n-42") == [
            line(0, "notification.received", ["id": "n-42", "source": "remote", "state": "active"]),
            line(0, "alert.shown", ["id": "n-42", "title": .null, "body": "Your order was confirmed"]),
            line(0, "alert.answered", ["id": "n-42", "show": true]),
            line(0, "notification.opened", ["id": "n-42"]),
            line(0, "navigation", ["id": "n-42", "kind": "push", "screen": "Detail", "tab": "home", "params": ["id": "42"]]),
        ])
    }

    @Test("cancel closes the alert and opens nothing")
    func confirmCancel() throws {
        let timeline = try Timeline(seed: .confirm004)
        #expect(timeline.about("n-43") == [
            line(0, "notification.received", ["id": "n-43", "source": "remote", "state": "active"]),
            line(0, "alert.shown", ["id": "n-43", "title": .null, "body": "Weekly newsletter"]),
            line(0, "alert.answered", ["id": "n-43", "show": false]),
        ])
    }

    @Test("from the background iOS shows the push and a tap routes directly, without an alert")
    func backgroundTapRoutesDirectly() throws {
        let runner = try ScenarioRunner(Seed.confirm004.scenario())
        runner.runAll()
        let timeline = Timeline(runner.timeline)
        #expect(timeline.about("n-44") == [
            line(0, "system.notification", ["id": "n-44", "options": allOptions, "source": "remote", "by": "system"]),
            line(0, "notification.opened", ["id": "n-44"]),
            line(0, "navigation", ["id": "n-44", "kind": "push", "screen": "Detail", "tab": "home", "params": ["id": "44"]]),
        ])
        #expect(timeline.entries.last == line(0, "app.state", ["state": "active"]))
        #expect(timeline.named("banner.shown").isEmpty)
        #expect(runner.navigation.stacks["home"] == ["41", "42", "44"].map { Screen("Detail", params: ["id": $0]) })
    }

    @Test("an alert nobody answers opens nothing")
    func unanswered() throws {
        var scenario = try Seed.confirm004.scenario()
        scenario.steps = Array(scenario.steps.prefix { $0 != .answerAlert(show: true) })
        let timeline = try Timeline(scenario)
        #expect(timeline.about("n-42").map(\.event) == ["notification.received", "alert.shown"])
    }

    @Test("answering with no alert on screen is noted and ignored")
    func noAlert() throws {
        let timeline = try Timeline(#"{"steps": [{"tap": "alert.show"}]}"#)
        #expect(timeline.entries == [line(0, "step.ignored", ["reason": "no alert on screen to answer"])])
    }

    /// Post 004 keeps a queue of received pushes: a second push must not take the place of
    /// an alert still on screen, or the first answer would be lost.
    @Test("two pushes while active: the second alert waits until the first is answered")
    func alertsQueue() throws {
        let timeline = try Timeline(
            """
            {"app": {"foreground": "confirm", "fieldRoutes": [{"when": {"pushextr": "*"}, "screen": "Detail", "params": {"id": "pushextr"}}]},
             "steps": [{"launch": {}}, {"uiReady": true}, {"state": "active"},
                       {"receive": {"aps": {"alert": "one"}, "id": "n-1", "pushextr": "1"}},
                       {"receive": {"aps": {"alert": "two"}, "id": "n-2", "pushextr": "2"}},
                       {"tap": "alert.show"}, {"tap": "alert.show"}]}
            """)
        #expect(timeline.named("alert.answered") == [
            line(0, "alert.answered", ["id": "n-1", "show": true]),
            line(0, "alert.answered", ["id": "n-2", "show": true]),
        ], "\(timeline)")
        #expect(timeline.named("navigation").map(\.params) == [["id": "1"], ["id": "2"]])
        #expect(timeline.named("step.ignored").isEmpty)
        let firstAnswer = timeline.index("alert.answered", ["id": "n-1"]) ?? .max
        let secondShown = timeline.index("alert.shown", ["id": "n-2"]) ?? -1
        #expect(firstAnswer < secondShown)
    }
}
