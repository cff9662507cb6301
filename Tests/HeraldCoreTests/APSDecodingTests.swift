import Testing

@testable import HeraldCore

@Suite("aps decoding")
struct APSDecodingTests {
    func decode(_ aps: JSONValue) -> (APS, [DecodingNote]) {
        var notes: [DecodingNote] = []
        let result = APS.decode(aps, notes: &notes)
        return (result, notes)
    }

    @Test("reads every documented key")
    func everyKey() {
        let (aps, notes) = decode([
            "alert": [
                "title": "T", "subtitle": "S", "body": "B", "launch-image": "L.png",
                "title-loc-key": "TK", "title-loc-args": ["a"], "subtitle-loc-key": "SK", "subtitle-loc-args": ["b"],
                "loc-key": "K", "loc-args": ["c", "d"], "order_id": "o-1",
            ],
            "badge": 4, "sound": ["critical": 1, "name": "alarm.caf", "volume": 0.5],
            "thread-id": "th", "category": "cat", "content-available": 1, "mutable-content": 1,
            "target-content-id": "w1", "interruption-level": "time-sensitive", "relevance-score": 0.75,
            "filter-criteria": "work", "pushtopic": "x",
        ])
        #expect(notes.isEmpty)
        #expect(aps.alert == Alert(
            title: "T", subtitle: "S", body: "B", launchImage: "L.png", titleLocKey: "TK", titleLocArgs: ["a"],
            subtitleLocKey: "SK", subtitleLocArgs: ["b"], locKey: "K", locArgs: ["c", "d"], unknown: ["order_id": "o-1"]))
        #expect(aps.badge == 4)
        #expect(aps.sound == Sound(name: "alarm.caf", isCritical: true, volume: 0.5))
        #expect(aps.threadID == "th" && aps.category == "cat" && aps.targetContentID == "w1")
        #expect(aps.contentAvailable && aps.mutableContent)
        #expect(aps.interruptionLevel == .timeSensitive)
        #expect(aps.relevanceScore == 0.75)
        #expect(aps.filterCriteria == "work")
        #expect(aps.unknown == ["pushtopic": "x"])
        #expect(aps.liveActivity == nil)
    }

    @Test("reads the Live Activity keys")
    func liveActivity() {
        let (aps, _) = decode([
            "timestamp": 1_700_000_000, "event": "start", "content-state": ["score": "1-0"],
            "stale-date": 1_700_003_600, "dismissal-date": 1_700_007_200,
            "attributes-type": "MatchAttributes", "attributes": ["home": "A"], "input-push-token": 1,
            "input-push-channel": "dHJhaW4=",
        ])
        #expect(aps.liveActivity == LiveActivityContent(
            timestamp: 1_700_000_000, event: .start, contentState: ["score": "1-0"], staleDate: 1_700_003_600,
            dismissalDate: 1_700_007_200, attributesType: "MatchAttributes", attributes: ["home": "A"], inputPushToken: true,
            inputPushChannel: "dHJhaW4="))
        #expect(aps.unknown.isEmpty)
    }

    @Test("a Live Activity key of the wrong type is noted with its path")
    func liveActivityCoercion() {
        let (aps, notes) = decode(["timestamp": "1700000000", "event": "update", "input-push-channel": 7])
        #expect(aps.liveActivity?.timestamp == 1_700_000_000)
        #expect(aps.liveActivity?.inputPushChannel == "7")
        #expect(notes.map(\.path) == ["aps.input-push-channel", "aps.timestamp"])
    }

    @Test("a string alert is the body")
    func stringAlert() {
        #expect(decode(["alert": "hello"]).0.alert == Alert(body: "hello"))
    }

    static let coercionCases: [(JSONValue, String, String)] = [
            (["badge": "3"], "aps.badge", "read as 3"),
            (["badge": 2.0], "aps.badge", "read as 2"),
            (["content-available": "1"], "aps.content-available", "read as on"),
            (["content-available": true], "aps.content-available", "read as on"),
            (["mutable-content": 0], "aps.mutable-content", "read as off"),
            (["category": 12], "aps.category", "read as \"12\""),
            (["relevance-score": "0.5"], "aps.relevance-score", "read as 0.5"),
            (["alert": ["loc-args": "x"]], "aps.alert.loc-args", "read as [\"x\"]"),
            (["alert": 42], "aps.alert", "read as the body \"42\""),
        ]

    @Test("coerces what sloppy senders send, and says so", arguments: coercionCases)
    func coercions(aps: JSONValue, path: String, outcome: String) {
        let (_, notes) = decode(aps)
        #expect(notes.count == 1)
        #expect(notes.first?.path == path)
        #expect(notes.first?.outcome == outcome)
    }

    @Test("drops what cannot be read, and says so")
    func drops() {
        let (aps, notes) = decode([
            "badge": "three", "sound": [1], "alert": [], "thread-id": ["x": 1], "relevance-score": "high",
        ])
        #expect(aps.badge == nil && aps.sound == nil && aps.alert == nil && aps.threadID == nil && aps.relevanceScore == nil)
        #expect(Set(notes.map(\.path)) == ["aps.badge", "aps.sound", "aps.alert", "aps.thread-id", "aps.relevance-score"])
        #expect(notes.allSatisfy { $0.outcome == "ignored" && $0.severity == .error })
    }

    @Test("a negative badge is ignored")
    func negativeBadge() {
        let (aps, notes) = decode(["badge": -1])
        #expect(aps.badge == nil)
        #expect(notes.first?.problem.contains("negative") == true)
    }

    @Test("aps that is not an object is reported, not trusted")
    func notAnObject() {
        let (aps, notes) = decode("hello")
        #expect(aps == APS())
        #expect(notes.first?.path == "aps")
    }

    @Test("a critical sound without a name reads as default and says so")
    func criticalWithoutName() {
        let (aps, notes) = decode(["sound": ["critical": 1]])
        #expect(aps.sound == Sound(name: "default", isCritical: true))
        #expect(notes.map(\.path) == ["aps.sound.name"])
    }
}
