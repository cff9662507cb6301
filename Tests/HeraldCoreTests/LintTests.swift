import Foundation
import Testing

@testable import HeraldCore

@Suite("Lint")
struct LintTests {
    func lint(_ payload: JSONValue, _ type: PushType = .alert) throws -> [String] {
        try PayloadLinter().lint(payload, pushType: type).map(\.description)
    }

    @Test("a clean alert payload has no issues")
    func clean() throws {
        #expect(try lint(["aps": ["alert": ["title": "Hi", "body": "there"], "sound": "default"], "orderId": "7"]).isEmpty)
    }

    @Test("type problems read as the issue describes them")
    func badgeString() throws {
        #expect(try lint(["aps": ["alert": "x", "badge": "3"]]) == ["error: aps.badge: expected an integer, found \"3\""])
    }

    @Test("size limits depend on the push type")
    func size() throws {
        let text = String(repeating: "a", count: 4500)
        let payload: JSONValue = ["aps": ["alert": .string(text)]]
        #expect(try lint(payload).first?.hasPrefix("error: payload: 45") == true)
        #expect(try lint(payload, .voip).isEmpty)
        let near: JSONValue = ["aps": ["alert": .string(String(repeating: "a", count: 3800))]]
        #expect(try lint(near).first?.hasPrefix("warning: payload:") == true)
    }

    @Test("background pushes carry no alert, badge or sound and need content-available")
    func background() throws {
        let issues = try lint(["aps": ["alert": "x", "badge": 1, "sound": "a"]], .background)
        #expect(issues.contains("error: aps.content-available: a background push needs \"content-available\": 1"))
        #expect(issues.contains { $0.hasPrefix("error: aps.alert:") })
        #expect(issues.contains { $0.hasPrefix("error: aps.badge:") })
        #expect(issues.contains { $0.hasPrefix("error: aps.sound:") })
        #expect(try lint(["aps": ["content-available": 1]], .background).isEmpty)
    }

    @Test("a content-available-only alert push suggests the background type")
    func backgroundAsAlert() throws {
        #expect(try lint(["aps": ["content-available": 1]]).first?.contains("--push-type background") == true)
    }

    @Test("an alert with only loc keys warns that its text exists only in the app's strings table")
    func keysOnly() throws {
        let issues = try lint(["aps": ["alert": ["title-loc-key": "T", "loc-key": "B", "loc-args": ["x"]]]])
        #expect(issues == [
            "warning: aps.alert: only localization keys (title-loc-key, loc-key), no title or body: the text shown, in the app's own banner too, comes from the app's strings table alone, and an app without the key shows the key itself; add \"title\" and \"body\" with the text, for every reader without that table"
        ])
        #expect(try lint(["aps": ["alert": ["title": "Hi", "loc-key": "B"]]]).isEmpty)
        #expect(try lint(["aps": ["alert": ["body": "Hi", "title-loc-key": "T"]]]).isEmpty)
    }

    @Test("attachments need mutable-content")
    func attachments() throws {
        let issues = try lint(["aps": ["alert": "x"], "fcm_options": ["image": "https://e.com/a.jpg"], "gcm.message_id": "1"])
        #expect(issues.first?.hasPrefix("error: aps.mutable-content: the payload has an attachment") == true)
        #expect(try lint(["aps": ["alert": "x", "mutable-content": 1], "fcm_options": ["image": "https://e.com/a.jpg"]]).isEmpty)
    }

    @Test("ranges and documented values")
    func ranges() throws {
        let issues = try lint(["aps": [
            "alert": "x", "relevance-score": 2, "interruption-level": "loud", "sound": ["name": "a", "volume": 1.5],
        ]])
        #expect(issues.contains("error: aps.relevance-score: must be between 0 and 1, found 2"))
        #expect(issues.contains("error: aps.sound.volume: must be between 0 and 1, found 1.5"))
        #expect(issues.contains { $0.hasPrefix("error: aps.interruption-level: \"loud\"") })
    }

    @Test("Live Activity pushes need timestamp, event and content")
    func liveActivity() throws {
        let issues = try lint(["aps": ["event": "start"]], .liveActivity)
        #expect(Set(issues.compactMap { $0.split(separator: ":").dropFirst().first.map { $0.trimmingCharacters(in: .whitespaces) } })
            == ["aps.timestamp", "aps.attributes-type", "aps.attributes", "aps.content-state", "aps.alert"])
        #expect(try lint(["aps": ["event": "end", "timestamp": 1]], .liveActivity).isEmpty)
    }

    @Test("unknown aps keys and empty alerts are warnings; errors sort first")
    func warnings() throws {
        let issues = try PayloadLinter().lint(["aps": ["alert": [:], "badge": "x", "pushtopic": 1]])
        #expect(issues.map(\.severity) == [.error, .warning, .warning])
        #expect(issues.contains { $0.path == "aps.pushtopic" && $0.severity == .warning })
    }

    @Test("a payload that is not an object cannot be linted")
    func notAnObject() {
        #expect(throws: PayloadDecodingError.self) { try PayloadLinter().lint([1, 2]) }
    }
}
