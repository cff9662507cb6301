import HeraldCore
import HeraldSimulator
import Testing

/// What the simulated device does for each step, as iOS would.
@Suite("simulated device")
@MainActor
struct SimulatedDeviceTests {
    @Test("not active: iOS shows a push itself and the runtime hears nothing", arguments: ["background", "inactive", "notRunning"])
    func systemShowsIt(_ state: String) throws {
        let timeline = try Timeline(
            #"{"steps": [{"state": "\#(state)"}, {"receive": {"aps": {"alert": "Hi"}, "id": "a"}}, {"local": {"aps": {"alert": "Yo"}}}]}"#)
        #expect(timeline.entries.filter { $0.event != "app.state" } == [
            line(0, "system.notification", ["id": "a", "options": allOptions, "source": "remote", "by": "system"]),
            line(0, "system.notification", ["id": .null, "options": allOptions, "source": "local", "by": "system"]),
        ])
    }

    @Test("active: a push goes through willPresent; a local one presents with the system options")
    func activeGoesThroughRuntime() throws {
        let timeline = try Timeline(
            """
            {"steps": [{"launch": {}}, {"uiReady": true}, {"state": "active"},
                       {"receive": {"aps": {"alert": "Hi"}, "id": "a"}}, {"local": {"aps": {"alert": "Yo"}, "id": "b"}}]}
            """)
        #expect(timeline.about("a").map(\.event) == ["notification.received", "banner.shown"])
        #expect(timeline.about("b") == [
            line(0, "notification.received", ["id": "b", "source": "local", "state": "active"]),
            line(0, "system.notification", ["id": "b", "options": allOptions, "source": "local"]),
        ])
    }

    @Test("a silent push reaches the app in any state and shows nothing", arguments: ["active", "background"])
    func silent(_ state: String) throws {
        let timeline = try Timeline(
            #"{"steps": [{"launch": {}}, {"uiReady": true}, {"state": "\#(state)"}, {"receive": {"aps": {"content-available": 1}, "id": "s"}}]}"#)
        #expect(timeline.about("s") == [line(0, "notification.received", ["id": "s", "source": "silent", "state": .string(state)])])
    }

    @Test("in the background a push with content-available and an alert is shown by iOS and wakes the app")
    func contentAvailableWithAlert() throws {
        let timeline = try Timeline(
            #"{"steps": [{"state": "background"}, {"receive": {"aps": {"alert": "Hi", "content-available": 1}, "id": "w"}}]}"#)
        #expect(timeline.about("w") == [
            line(0, "system.notification", ["id": "w", "options": allOptions, "source": "remote", "by": "system"]),
            line(0, "notification.received", ["id": "w", "source": "silent", "state": "background"]),
        ])
    }

    @Test("a tap takes the newest delivered notification, or the one with the id; then the app is active")
    func tapPicks() throws {
        let timeline = try Timeline(
            """
            {"steps": [{"launch": {}}, {"uiReady": true}, {"state": "background"},
                       {"receive": {"aps": {"alert": "1"}, "id": "a"}}, {"receive": {"aps": {"alert": "2"}, "id": "b"}},
                       {"receive": {"aps": {"alert": "3"}, "id": "c"}},
                       {"tap": {"notification": "a"}}, {"state": "background"}, {"tap": "notification"},
                       {"tap": {"notification": "a"}}]}
            """)
        #expect(timeline.named("notification.opened").map { $0.fields["id"] } == ["a", "c"])
        #expect(timeline.named("step.ignored") == [line(0, "step.ignored", ["reason": "no delivered notification with id a to tap"])])
        let opened = try #require(timeline.index("notification.opened", ["id": "a"]))
        #expect(timeline.entries[opened + 1].event == "route.unmatched")
        #expect(timeline.entries[opened + 2] == line(0, "app.state", ["state": "active"]))
    }

    @Test("app.state is written when the state changes, not for a step that repeats it")
    func stateChanges() throws {
        let timeline = try Timeline(
            #"{"steps": [{"state": "notRunning"}, {"state": "active"}, {"state": "active"}, {"state": "inactive"}, {"state": "background"}, {"state": "background"}]}"#)
        #expect(timeline.entries.map { $0.fields["state"] } == ["active", "inactive", "background"])
    }

    @Test("a tap with nothing in the notification centre is noted and ignored")
    func tapNothing() throws {
        let timeline = try Timeline(#"{"steps": [{"tap": "notification"}]}"#)
        #expect(timeline.entries == [line(0, "step.ignored", ["reason": "no delivered notification to tap"])])
    }

    @Test("a custom action without an action route is reported with its id and opens the notification as a tap does; the dismiss action is a dismissal")
    func actions() throws {
        let timeline = try Timeline(
            """
            {"app": {"fieldRoutes": [{"when": {"id": "*"}, "screen": "Detail"}]},
             "steps": [{"launch": {}}, {"uiReady": true}, {"state": "background"},
                       {"receive": {"aps": {"alert": "1"}, "id": "a"}}, {"receive": {"aps": {"alert": "2"}, "id": "b"}},
                       {"receive": {"aps": {"alert": "3"}, "id": "c"}},
                       {"action": {"id": "reply", "text": "On my way", "notification": "a"}},
                       {"action": {"id": "com.apple.UNNotificationDismissActionIdentifier"}},
                       {"action": {"id": "com.apple.UNNotificationDefaultActionIdentifier"}},
                       {"action": {"id": "like"}}]}
            """)
        #expect(timeline.entries.suffix(6) == [
            line(0, "notification.opened", ["id": "a", "action": "reply"]),
            line(0, "navigation", ["id": "a", "kind": "push", "screen": "Detail", "tab": "main", "params": [:]]),
            line(0, "notification.dismissed", ["id": "c"]),
            line(0, "notification.opened", ["id": "b"]),
            line(0, "navigation", ["id": "b", "kind": "push", "screen": "Detail", "tab": "main", "params": [:]]),
            line(0, "step.ignored", ["reason": "no delivered notification for action like"]),
        ])
        // An action does not bring the app to the foreground.
        #expect(timeline.named("app.state").count == 1)
    }

    @Test("show and selectTab change what the user is looking at, without a timeline line")
    func showAndSelect() throws {
        let runner = try ScenarioRunner(scenario(
            """
            {"app": {"tabs": ["home", "messages"]},
             "steps": [{"show": {"screen": "ChatRoom", "params": {"with": "maya"}, "tab": "messages"}}, {"show": {"screen": "Settings"}},
                       {"selectTab": "home"}]}
            """))
        runner.runAll()
        #expect(runner.timeline.isEmpty)
        #expect(runner.navigation.selectedTab == "home")
        #expect(runner.navigation.stacks["messages"] == [Screen("ChatRoom", params: ["with": "maya"]), Screen("Settings")])
    }
}
