import Foundation
import Testing

@testable import HeraldCore

/// `herald lint` for Live Activities: what ActivityKit needs for each event, and
/// the header rules of the `liveactivity` push type.
@Suite("Live Activity lint")
struct LiveActivityLintTests {
    static let start: JSONValue = [
        "aps": [
            "timestamp": 1_718_870_400, "event": "start", "attributes-type": "DeployAttributes",
            "attributes": ["service": "checkout"], "content-state": ["stage": "build"],
            "alert": ["title": "Deploy started", "body": "checkout is building"],
        ]
    ]

    func issues(_ payload: JSONValue, _ type: PushType = .liveActivity, priority: Int? = nil, topic: String? = nil) throws -> [LintIssue] {
        try PayloadLinter().lint(payload, pushType: type, priority: priority, topic: topic)
    }

    /// `start` with `changes` applied to its `aps`.
    func start(_ changes: [String: JSONValue?]) -> JSONValue {
        var aps = Self.start["aps"]?.objectValue ?? [:]
        for (key, value) in changes { aps[key] = value }
        return ["aps": .object(aps)]
    }

    @Test("a complete start, update and end are clean")
    func clean() throws {
        #expect(try issues(Self.start).isEmpty)
        #expect(try issues(["aps": ["timestamp": 1, "event": "update", "content-state": ["stage": "canary"]]]).isEmpty)
        #expect(try issues(["aps": ["timestamp": 1, "event": "end", "dismissal-date": 2]]).isEmpty)
    }

    @Test("relevance-score takes any number for a Live Activity, 0 to 1 for a notification")
    func relevanceScore() throws {
        for score: JSONValue in [75, 100, 0.5, -3] {
            #expect(try issues(start(["relevance-score": score])).isEmpty, "\(score)")
        }
        let alert = try issues(["aps": ["alert": "x", "relevance-score": 75]], .alert)
        #expect(alert.map(\.description) == ["error: aps.relevance-score: must be between 0 and 1, found 75"])
    }

    @Test("input-push-token and input-push-channel are Live Activity keys, not unknown ones")
    func inputKeys() throws {
        #expect(try issues(start(["input-push-token": 1])).isEmpty)
        #expect(try issues(start(["input-push-channel": "dHJhaW4="])).isEmpty)
        let both = try issues(start(["input-push-token": 1, "input-push-channel": "dHJhaW4="]))
        #expect(both.map(\.path) == ["aps.input-push-channel"])
        #expect(both.first?.severity == .error)
    }

    @Test(
        "a start lacking a key names the key and says what to put there",
        arguments: ["attributes-type", "attributes", "content-state", "alert"])
    func startNeeds(key: String) throws {
        let found = try issues(start([key: nil]))
        #expect(found.count == 1)
        #expect(found.first?.path == "aps.\(key)")
        #expect(found.first?.severity == .error)
        #expect(found.first?.message.hasPrefix("a start event needs") == true, "\(found)")
    }

    @Test("every push needs a timestamp in seconds and a known event")
    func timestampAndEvent() throws {
        let none = try issues(["aps": ["content-state": [:]]])
        #expect(Set(none.map(\.path)) == ["aps.timestamp", "aps.event"])
        let milliseconds = try issues(["aps": ["timestamp": 1_718_870_400_000, "event": "end"]])
        #expect(milliseconds.map(\.description) == ["error: aps.timestamp: 1718870400000 looks like milliseconds; give Unix seconds (1718870400)"])
        let unknown = try issues(["aps": ["timestamp": 1, "event": "pause"]])
        #expect(unknown.map(\.description) == ["error: aps.event: \"pause\" is not start, update or end"])
    }

    @Test("an update needs content-state, and it must be an object")
    func update() throws {
        #expect(try issues(["aps": ["timestamp": 1, "event": "update"]]).map(\.path) == ["aps.content-state"])
        let notObject = try issues(["aps": ["timestamp": 1, "event": "update", "content-state": "canary"]])
        #expect(notObject.map(\.description) == ["error: aps.content-state: expected an object (the app's Codable type, encoded), found a string"])
    }

    @Test("start-only keys on an update or end are refused or flagged")
    func startOnlyKeys() throws {
        let found = try issues(["aps": [
            "timestamp": 1, "event": "update", "content-state": [:], "input-push-token": 1, "attributes-type": "A",
            "dismissal-date": 5,
        ]])
        #expect(found.filter { $0.severity == .error }.map(\.path) == ["aps.input-push-token"])
        #expect(Set(found.filter { $0.severity == .warning }.map(\.path)) == ["aps.attributes-type", "aps.dismissal-date"])
    }

    @Test("dates before the timestamp are warnings")
    func dates() throws {
        let found = try issues(["aps": ["timestamp": 100, "event": "end", "stale-date": 50, "dismissal-date": 60]])
        #expect(found.map(\.severity) == [.warning, .warning])
        #expect(Set(found.map(\.path)) == ["aps.stale-date", "aps.dismissal-date"])
    }

    @Test("Live Activity keys in another push type are a warning")
    func misplaced() throws {
        let found = try issues(["aps": ["alert": "x", "event": "update", "timestamp": 1]], .alert)
        #expect(found.count == 1)
        #expect(found.first?.path == "aps" && found.first?.severity == .warning)
        #expect(found.first?.message.contains("--push-type liveactivity") == true)
    }

    @Test("priorities: 10 or 5 for a Live Activity, 5 or 1 for background")
    func priorities() throws {
        #expect(try issues(Self.start, priority: 10).isEmpty)
        #expect(try issues(Self.start, priority: 5).isEmpty)
        let low = try issues(Self.start, priority: 1)
        #expect(low.map(\.description) == ["error: apns-priority: a liveactivity push must be sent with priority 10 or 5; APNs rejects 1 for it"])
        let background = try issues(["aps": ["content-available": 1]], .background, priority: 10)
        #expect(background.map(\.path) == ["apns-priority"])
        #expect(try issues(Self.start, priority: 7).first?.message.hasPrefix("7 is not an APNs priority") == true)
    }

    @Test("the topic needs the push type's suffix")
    func topic() throws {
        #expect(try issues(Self.start, topic: "com.example.app.push-type.liveactivity").isEmpty)
        let plain = try issues(Self.start, topic: "com.example.app")
        #expect(plain.map(\.description) == [
            "error: apns-topic: \"com.example.app\" does not end with .push-type.liveactivity; a liveactivity push goes to <bundle id>.push-type.liveactivity"
        ])
        let wrong = try issues(["aps": ["alert": "x"]], .alert, topic: "com.example.app.push-type.liveactivity")
        #expect(wrong.map(\.path) == ["apns-topic"])
    }

    @Test("a Live Activity payload over 4096 bytes is an error")
    func size() throws {
        let big = start(["content-state": ["log": .string(String(repeating: "a", count: 4100))]])
        #expect(try issues(big).first?.description.hasPrefix("error: payload: ") == true)
    }
}
