import HeraldCore
import HeraldSimulator
import Testing

/// The two renderings of a timeline line: text for people, one JSON object for tools.
@Suite("timeline format")
@MainActor
struct TimelineFormatTests {
    @Test("a text line: time to the millisecond right-aligned in 8, the event padded to 22, then key=value sorted by key")
    func textLine() {
        let entry = line(5.25, "banner.hidden", ["reason": "timeout", "id": "n1"])
        #expect(entry.text == "   5.250  banner.hidden          id=n1 reason=timeout")
        #expect(line(12.25, "app.state", ["state": "active"]).text == "  12.250  app.state              state=active")
        #expect(line(0, "app.state").text == "   0.000  app.state")
    }

    @Test("strings print bare; other values print as compact JSON; null fields are left out")
    func textValues() {
        let entry = line(0.4, "navigation", ["kind": "push", "params": ["orderId": "9001"], "title": .null, "show": true, "options": ["banner"]])
        #expect(entry.text == #"   0.400  navigation             kind=push options=["banner"] params={"orderId":"9001"} show=true"#)
        // The JSON line keeps them.
        #expect(entry.json["title"] == .null)
    }

    @Test("an event name longer than its column keeps one space before the fields")
    func longEvent() {
        #expect(line(14, "notification.dismissed", ["id": "e"]).text == "  14.000  notification.dismissed id=e")
    }

    @Test("the JSON line holds t (seconds, to the millisecond), event, and the fields")
    func jsonLine() {
        let entry = line(1.0 / 3, "auth.required", ["id": "v", "screen": "Vip"])
        #expect(entry.json == ["t": 0.333, "event": "auth.required", "id": "v", "screen": "Vip"])
        #expect(JSONWriter.serialize(line(5.25, "banner.hidden", ["id": "n1", "reason": "timeout"]).json)
            == #"{"event":"banner.hidden","id":"n1","reason":"timeout","t":5.25}"#)
    }

    /// Every event name the runner can write, and the fields each carries besides t and event.
    static let fieldsByEvent: [String: Set<String>] = [
        "notification.received": ["id", "source", "state"],
        "banner.shown": ["id", "title", "body"],
        "banner.updated": ["id", "title", "body"],
        "banner.hidden": ["id", "reason"],
        "banner.dropped": ["id", "reason"],
        "alert.shown": ["id", "title", "body"],
        "alert.answered": ["id", "show"],
        "local.posted": ["id"],
        "notification.opened": ["id"],
        "notification.dismissed": ["id"],
        "auth.required": ["id", "screen"],
        "route.dropped": ["id", "reason"],
        "route.unmatched": ["id", "link"],
        "launch.buffered": ["id", "what"],
        "app.event": ["id", "name"],
        "notification.rejected": ["reason"],
        "notification.ignored": ["id", "reason"],
        "app.state": ["state"],
        "step.ignored": ["reason"],
        "badge": ["count"],
    ]

    @Test("every line of every seed has the documented fields", arguments: Seed.allCases)
    func seedFields(_ seed: Seed) throws {
        let timeline = try Timeline(seed: seed)
        for entry in timeline.all {
            let keys = Set(entry.fields.keys)
            switch entry.event {
            case "receipt":
                #expect(keys == ["id", "kind"] || keys == ["id", "kind", "action"], "\(entry.text)")
            case "system.notification":
                #expect(keys == ["id", "options", "source"] || keys == ["id", "options", "source", "by"], "\(entry.text)")
            case "navigation":
                let extra: Set<String>
                switch entry.fields["kind"]?.stringValue {
                case "push": extra = ["screen", "params", "tab"]
                case "refresh", "present": extra = ["screen", "params"]
                case "selectTab", "popToRoot": extra = ["tab"]
                case "openWeb": extra = ["url", "title"]
                case "stack": extra = ["tab", "screens", "screen", "params"]
                default: extra = []
                }
                #expect(keys == Set(["id", "kind"]).union(extra), "\(entry.text)")
            default:
                #expect(Self.fieldsByEvent[entry.event] == keys, "\(entry.text)")
            }
            #expect(entry.json["t"]?.doubleValue == (entry.time * 1000).rounded() / 1000)
            #expect(entry.json["event"] == .string(entry.event))
        }
    }

    @Test("times never go backwards", arguments: Seed.allCases)
    func monotonic(_ seed: Seed) throws {
        let times = try Timeline(seed: seed).all.map(\.time)
        #expect(times == times.sorted())
    }

    @Test("a seed runs the same way every time", arguments: Seed.allCases)
    func deterministic(_ seed: Seed) throws {
        let first = try Timeline(seed: seed).all.map(\.text)
        let second = try Timeline(seed: seed).all.map(\.text)
        #expect(first == second)
    }
}
