import Foundation
import HeraldCore
import HeraldSimulator
import Testing

/// docs/simulate.md describes the format and the timeline; these keep it true.
@Suite("docs/simulate.md")
@MainActor
struct SimulateDocumentationTests {
    static let text: String = {
        let url = Seed.directory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/simulate.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    static var lines: [String] { text.components(separatedBy: "\n") }

    /// The lines of the first fenced block after the line that contains `marker`.
    static func block(after marker: String) throws -> [String] {
        let start = try #require(lines.firstIndex { $0.contains(marker) })
        let open = try #require(lines[start...].firstIndex { $0.hasPrefix("```") })
        let close = try #require(lines[(open + 1)...].firstIndex { $0.hasPrefix("```") })
        return Array(lines[(open + 1)..<close])
    }

    @Test("the worked example is what seed 004 prints, as text and as JSON")
    func workedExample() throws {
        let timeline = try Timeline(seed: .confirm004)
        #expect(try Self.block(after: "`herald simulate` prints:") == timeline.all.map(\.text))
        let stack = try #require(timeline.named("navigation", ["kind": "stack"]).first)
        #expect(try Self.block(after: "With `--json` the `stack` line is:") == [JSONWriter.serialize(stack.json)])
    }

    @Test("the documented example lines are real output")
    func exampleLines() throws {
        let timeline = try Timeline(seed: .banner000)
        let hidden = try #require(timeline.entries.first { $0.event == "banner.hidden" })
        #expect(Self.text.contains(hidden.text))
        #expect(Self.text.contains(JSONWriter.serialize(hidden.json)))
    }

    @Test("every event name has a row in the events table")
    func everyEvent() {
        let names = Array(TimelineFormatTests.fieldsByEvent.keys) + ["system.notification", "navigation", "receipt"]
        for name in names {
            #expect(Self.text.contains("| `\(name)` |"), "\(name)")
        }
    }

    @Test("every step kind, app key and route key is documented")
    func everyKey() {
        for step in [
            "launch", "uiReady", "state", "receive", "local", "passThrough", "tap", "action", "swipe", "touch", "advance", "login", "logout",
            "show", "selectTab", "clearBadge",
        ] {
            #expect(Self.text.contains("{\"\(step)\""), "step \(step)")
        }
        for key in [
            "tabs", "foreground", "repostInForeground", "loggedIn", "bannerDuration", "bannerGap", "bannerCapacity", "bannerHeight",
            "hookTimeout", "hook",
            "routes", "fieldRoutes", "fallback", "actionRoutes", "events", "pattern", "when", "screen", "tab", "requiresAuth", "reuse",
            "presentation", "popToRoot", "params", "fixedParams", "strings",
        ] {
            #expect(Self.text.contains("| `\(key)` |"), "key \(key)")
        }
        for seed in Seed.allCases {
            #expect(Self.text.contains("**`\(seed.rawValue)`**"), "\(seed.rawValue)")
        }
    }
}
