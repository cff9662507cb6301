import HeraldCore
import HeraldSimulator
import Testing

/// GeTui's pass-through messages (透传) in a scenario: the offline flag decides how they show.
@Suite("pass-through scenarios")
@MainActor
struct PassThroughScenarioTests {
    static func step(_ id: String, offline: Bool) -> String {
        #"{"passThrough": {"payload": "{\"id\": \"\#(id)\", \"title\": \"官方客服\", \"content\": \"刚刚\"}", "offline": \#(offline), "messageId": "m-\#(id)", "taskId": "t-1"}}"#
    }

    static func scenario(_ steps: [String]) -> String {
        #"{"steps": [{"launch": {}}, {"uiReady": true}, {"state": "active"}, \#(steps.joined(separator: ", "))]}"#
    }

    @Test("offline: true is a system notification, offline: false a banner")
    func offlineFlag() throws {
        let timeline = try Timeline(Self.scenario([Self.step("g1", offline: true), Self.step("g2", offline: false), #"{"advance": 6}"#]))
        #expect(timeline.about("g1") == [
            line(0, "notification.received", ["id": "g1", "source": "passThrough", "state": "active"]),
            line(0, "system.notification", ["id": "g1", "options": allOptions, "source": "passThrough"]),
        ])
        #expect(timeline.named("banner.shown") == [line(0, "banner.shown", ["id": "g2", "title": "官方客服", "body": "刚刚"])])
        #expect(timeline.named("system.notification", ["id": "g2"]).isEmpty)
    }

    @Test("a pass-through payload that is not JSON is rejected with its position")
    func notJSON() throws {
        let timeline = try Timeline(Self.scenario([#"{"passThrough": {"payload": "hello", "offline": false}}"#]))
        #expect(timeline.named("notification.rejected").map { $0.fields["reason"] } == ["not valid JSON: line 1, column 1: found 'h' where a value was expected"])
    }

    @Test("a passThrough step without payload or offline is refused with its path")
    func refused() {
        #expect(parseError(#"{"steps": [{"passThrough": {"offline": true}}]}"#)?.path == "steps[0].passThrough.payload")
        #expect(parseError(#"{"steps": [{"passThrough": {"payload": "{}"}}]}"#)?.path == "steps[0].passThrough.offline")
        #expect(parseError(#"{"steps": [{"passThrough": {"payload": {}, "offline": true}}]}"#)?.path == "steps[0].passThrough.payload")
        #expect(parseError(#"{"steps": [{"passThrough": {"payload": "{}", "offline": true, "flag": 1}}]}"#)?.path == "steps[0].passThrough.flag")
    }
}
