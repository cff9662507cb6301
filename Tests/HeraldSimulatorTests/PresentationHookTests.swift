import HeraldCore
import HeraldSimulator
import Testing

/// The app's presentation hook (`app.hook`): its answer within `hookTimeout` decides;
/// a later one is ignored and the policy decides at exactly `hookTimeout`.
@Suite("presentation hook")
@MainActor
struct PresentationHookTests {
    /// An app that is up and active, then receives one push "a"; `more` steps follow.
    static func app(_ app: String, _ more: String = "") -> String {
        """
        {"app": \(app), "steps": [{"launch": {}}, {"uiReady": true}, {"state": "active"},
          {"receive": {"aps": {"alert": "Hi"}, "id": "a"}}\(more.isEmpty ? "" : ", " + more)]}
        """
    }

    @Test("a decision after the timeout falls back to the policy at exactly hookTimeout", arguments: [1.5, 0.75, 2.0])
    func lateDecision(_ timeout: Double) throws {
        let timeline = try Timeline(Self.app(
            #"{"hookTimeout": \#(timeout), "hook": {"after": 3, "decision": "system"}}"#, #"{"advance": 4}"#))
        #expect(timeline.about("a") == [
            line(0, "notification.received", ["id": "a", "source": "remote", "state": "active"]),
            line(timeout, "banner.shown", ["id": "a", "title": .null, "body": "Hi"]),
        ], "\(timeline)")
        // The hook's own answer at 3 s changes nothing.
        #expect(timeline.named("system.notification").isEmpty)
    }

    @Test("the default hookTimeout is 2 s")
    func defaultTimeout() throws {
        let timeline = try Timeline(Self.app(#"{"hook": {"after": 10, "decision": "silent"}}"#, #"{"advance": 3}"#))
        #expect(timeline.named("banner.shown").map(\.time) == [2])
    }

    @Test("a decision in time is applied when it comes")
    func decisionInTime() throws {
        let timeline = try Timeline(Self.app(
            #"{"hookTimeout": 1, "hook": {"after": 0.5, "decision": "system"}}"#, #"{"advance": 2}, {"tap": "notification"}"#))
        #expect(timeline.about("a").prefix(2) == [
            line(0, "notification.received", ["id": "a", "source": "remote", "state": "active"]),
            line(0.5, "system.notification", ["id": "a", "options": allOptions, "source": "remote"]),
        ])
        #expect(timeline.named("banner.shown").isEmpty)
        // Shown by the system, so it is in the notification centre to be tapped.
        #expect(timeline.named("notification.opened", ["id": "a"]).map(\.time) == [2])
    }

    @Test("a decision arriving exactly at the timeout loses to it")
    func tie() throws {
        let timeline = try Timeline(Self.app(#"{"hookTimeout": 1, "hook": {"after": 1, "decision": "silent"}}"#, #"{"advance": 1}"#))
        #expect(timeline.named("banner.shown").map(\.time) == [1])
    }

    @Test("a hook that says route opens the screen at once, with no banner")
    func routeDecision() throws {
        let timeline = try Timeline(
            """
            {"app": {"hook": {"after": 0.25, "decision": "route"}, "fieldRoutes": [{"when": {"id": "*"}, "screen": "Detail", "params": {"id": "id"}}]},
             "steps": [{"launch": {}}, {"uiReady": true}, {"state": "active"},
                       {"receive": {"aps": {"alert": "Hi"}, "id": "a"}}, {"advance": 1}]}
            """)
        #expect(timeline.about("a").map(\.event) == ["notification.received", "notification.opened", "navigation"])
        #expect(timeline.named("navigation") == [
            line(0.25, "navigation", ["id": "a", "kind": "push", "screen": "Detail", "tab": "main", "params": ["id": "a"]])
        ])
    }

    /// `hook.after` omitted means the hook answers at once; the runner schedules the answer
    /// on the virtual clock with a zero delay but never runs due timers between steps, so the
    /// push is left undecided unless a later step advances the clock.
    @Test("a hook without after answers at once, with no advance step")
    func immediateHook() throws {
        let timeline = try Timeline(Self.app(#"{"hook": {"decision": "system"}}"#))
        #expect(timeline.about("a") == [
            line(0, "notification.received", ["id": "a", "source": "remote", "state": "active"]),
            line(0, "system.notification", ["id": "a", "options": allOptions, "source": "remote"]),
        ], "\(timeline)")
    }

    /// A local notification is never re-posted: the echo of a re-post presents itself
    /// without asking the hook again (otherwise a hook answering "repost" loops).
    @Test("a hook that says repost re-posts once; the echo presents as local at once")
    func repostOnce() throws {
        let timeline = try Timeline(Self.app(#"{"hook": {"after": 0.1, "decision": "repost"}}"#, #"{"advance": 1}"#))
        #expect(timeline.about("a") == [
            line(0, "notification.received", ["id": "a", "source": "remote", "state": "active"]),
            line(0.1, "local.posted", ["id": "a"]),
            line(0.1, "system.notification", ["id": "a", "options": allOptions, "source": "local"]),
        ], "\(timeline)")
    }

    @Test("a late banner or confirm decision after the app left the foreground goes to the system", arguments: ["banner", "confirm"])
    func lateInAppDecisionInBackground(_ decision: String) throws {
        let timeline = try Timeline(Self.app(
            #"{"hook": {"after": 1, "decision": "\#(decision)"}}"#,
            #"{"advance": 0.5}, {"state": "background"}, {"advance": 1}, {"tap": "notification"}"#))
        #expect(timeline.named("banner.shown").isEmpty && timeline.named("alert.shown").isEmpty, "\(timeline)")
        #expect(timeline.named("system.notification") == [
            line(1, "system.notification", ["id": "a", "options": allOptions, "source": "remote"])
        ])
        // It is in the notification centre, so the tap finds it.
        #expect(timeline.named("notification.opened", ["id": "a"]).map(\.time) == [1.5])
    }
}
