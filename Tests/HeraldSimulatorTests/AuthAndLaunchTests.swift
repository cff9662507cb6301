import HeraldCore
import HeraldSimulator
import Testing

/// The login gate (`requiresAuth`, login, logout) and a launch whose notification is tapped again.
@Suite("auth gate and launch")
@MainActor
struct AuthAndLaunchTests {
    static let vipApp = #"{"tabs": ["home", "me"], "loggedIn": false, "routes": [{"pattern": "app://vip/:id", "screen": "Vip", "tab": "me", "requiresAuth": true}]}"#

    /// A backgrounded app, logged out, whose user taps push "v" (link app://vip/9); `more` steps follow.
    static func tappedWhileLoggedOut(_ more: String) -> String {
        """
        {"app": \(vipApp), "steps": [{"launch": {}}, {"uiReady": true}, {"state": "background"},
          {"receive": {"aps": {"alert": "VIP offer"}, "id": "v", "link": "app://vip/9"}}, {"tap": "notification"}, \(more)]}
        """
    }

    @Test("a parked route is dropped at logout, and a later login opens nothing")
    func droppedAtLogout() throws {
        let timeline = try Timeline(Self.tappedWhileLoggedOut(#"{"advance": 1}, {"logout": true}, {"advance": 1}, {"login": true}"#))
        #expect(timeline.about("v") == [
            line(0, "system.notification", ["id": "v", "options": allOptions, "source": "remote", "by": "system"]),
            line(0, "notification.opened", ["id": "v"]),
            line(0, "auth.required", ["id": "v", "screen": "Vip"]),
            line(1, "route.dropped", ["id": "v", "reason": "logout"]),
        ])
        #expect(timeline.named("navigation").isEmpty)
    }

    @Test("a parked route runs at login, with the link's parameters, on its tab")
    func runsAtLogin() throws {
        let timeline = try Timeline(Self.tappedWhileLoggedOut(#"{"advance": 2}, {"login": true}, {"login": true}"#))
        #expect(timeline.named("navigation") == [
            line(2, "navigation", ["id": "v", "kind": "selectTab", "tab": "me"]),
            line(2, "navigation", ["id": "v", "kind": "push", "screen": "Vip", "tab": "me", "params": ["id": "9"]]),
        ])
    }

    @Test("one route waits for login: a newer one replaces it, and only the newer runs at login")
    func newerReplaces() throws {
        let timeline = try Timeline(Self.tappedWhileLoggedOut(
            #"{"state": "background"}, {"receive": {"aps": {"alert": "Gold"}, "id": "g", "link": "app://vip/10"}}, {"tap": "notification"}, {"login": true}"#))
        let dropped = try #require(timeline.index("route.dropped"))
        #expect(timeline.entries[dropped] == line(0, "route.dropped", ["id": "v", "reason": "replaced"]))
        #expect(timeline.entries[dropped + 1] == line(0, "auth.required", ["id": "g", "screen": "Vip"]))
        #expect(timeline.named("navigation", ["kind": "push"]).map(\.params) == [["id": "10"]])
        #expect(timeline.named("navigation", ["id": "v"]).isEmpty)
    }

    @Test("a logout with nothing parked reports nothing")
    func logoutWithNothingParked() throws {
        let timeline = try Timeline(#"{"steps": [{"logout": true}, {"login": true}, {"logout": true}]}"#)
        #expect(timeline.entries.isEmpty)
    }

    @Test("a launch from a tap, then the same notification tapped again: one navigation")
    func launchThenTapOnce() throws {
        let timeline = try Timeline(
            """
            {"app": {"fieldRoutes": [{"when": {"pushextr": "*"}, "screen": "Detail", "params": {"id": "pushextr"}}]},
             "steps": [{"launch": {"notification": {"aps": {"alert": "Reply"}, "id": "n-1", "pushextr": "1"}}},
                       {"uiReady": true}, {"state": "background"},
                       {"receive": {"aps": {"alert": "Reply"}, "id": "n-1", "pushextr": "1"}},
                       {"tap": {"notification": "n-1"}}]}
            """)
        #expect(timeline.named("notification.opened", ["id": "n-1"]).count == 1)
        #expect(timeline.named("navigation") == [
            line(0, "navigation", [
                "id": "n-1", "kind": "stack", "tab": "main", "screen": "Detail", "params": ["id": "1"],
                "screens": [["screen": "Detail", "params": ["id": "1"]]],
            ])
        ])
        // The second tap still brings the app to the foreground.
        #expect(timeline.entries.last == line(0, "app.state", ["state": "active"]))
    }

    @Test("a launch after the UI is ready builds the stack at once")
    func launchAfterUI() throws {
        let timeline = try Timeline(
            """
            {"app": {"tabs": ["home", "inbox"], "fieldRoutes": [{"when": {"pushextr": "*"}, "screen": "Detail", "tab": "inbox", "params": {"id": "pushextr"}}]},
             "steps": [{"uiReady": true}, {"launch": {"notification": {"aps": {"alert": "Reply"}, "id": "n-1", "pushextr": "1"}}}]}
            """)
        #expect(timeline.events == ["notification.received", "notification.opened", "navigation"])
        #expect(timeline.named("navigation").first?.has(["kind": "stack", "tab": "inbox"]) == true)
    }

    @Test("a tapped notification no route matches is reported unmatched, with its link")
    func unmatched() throws {
        let timeline = try Timeline(
            """
            {"steps": [{"launch": {}}, {"uiReady": true}, {"state": "background"},
                       {"receive": {"aps": {"alert": "Hi"}, "id": "x", "link": "app://nowhere/1"}}, {"tap": "notification"},
                       {"state": "background"}, {"receive": {"aps": {"alert": "Hi"}, "id": "y"}}, {"tap": "notification"}]}
            """)
        #expect(timeline.named("route.unmatched") == [
            line(0, "route.unmatched", ["id": "x", "link": "app://nowhere/1"]),
            line(0, "route.unmatched", ["id": "y", "link": .null]),
        ])
    }

    @Test("a launch notification that is not an object is rejected and nothing else happens")
    func rejectedLaunch() throws {
        let timeline = try Timeline(#"{"steps": [{"launch": {"notification": "order 7"}}, {"uiReady": true}]}"#)
        #expect(timeline.entries == [
            line(0, "notification.rejected", ["reason": #"a payload is a JSON object such as {"aps": {...}}, found a string"#])
        ])
    }

    @Test("a scenario with no launch step is an app already running with its UI ready: the banner shows")
    func noLaunchStep() throws {
        let timeline = try Timeline(#"{"steps": [{"state": "active"}, {"receive": {"aps": {"alert": "Hi"}, "id": "a"}}, {"advance": 6}]}"#)
        #expect(timeline.named("launch.buffered").isEmpty)
        #expect(timeline.named("banner.shown") == [line(0, "banner.shown", ["id": "a", "title": .null, "body": "Hi"])])
        #expect(timeline.named("banner.hidden").map(\.time) == [5.25])
    }

    @Test("with a launch step, a presentation still waits for uiReady")
    func launchStepStillHolds() throws {
        let timeline = try Timeline(#"{"steps": [{"launch": {}}, {"state": "active"}, {"receive": {"aps": {"alert": "Hi"}, "id": "a"}}, {"advance": 1}, {"uiReady": true}]}"#)
        #expect(timeline.named("launch.buffered") == [line(0, "launch.buffered", ["id": "a", "what": "presentation"])])
        #expect(timeline.named("banner.shown").map(\.time) == [1])
    }
}
