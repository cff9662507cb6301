import Foundation
import HeraldCore
import Testing

/// `herald simulate`: the timeline as text or JSON lines, exit 0; exit 2 for a scenario
/// that cannot be read, with its path in the message. The command runs on the main actor.
@Suite("simulate")
@MainActor
struct SimulateCommandTests {
    static func scenario(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("Examples/Scenarios").appendingPathComponent(name).path
    }

    nonisolated static let seeds = [
        "000-getui-banner-url-routing.json", "001-beams-jpush-repost-cold-start.json", "003-umeng-type-routing-refresh.json",
        "004-confirm-alert-cold-start-stack.json",
    ]

    /// What `herald simulate --json` prints for seed post 004, line by line.
    static let expected004 = [
        #"{"event":"notification.received","id":"n-41","source":"launch","state":"notRunning","t":0}"#,
        #"{"event":"receipt","id":"n-41","kind":"delivered","t":0}"#,
        #"{"count":1,"event":"badge","t":0}"#,
        #"{"event":"notification.opened","id":"n-41","t":0}"#,
        #"{"event":"receipt","id":"n-41","kind":"opened","t":0}"#,
        #"{"count":0,"event":"badge","t":0}"#,
        #"{"event":"launch.buffered","id":"n-41","t":0,"what":"route"}"#,
        #"{"event":"navigation","id":"n-41","kind":"stack","params":{"id":"41"},"screen":"Detail","screens":[{"params":{"id":"41"},"screen":"Detail"}],"t":0,"tab":"home"}"#,
        #"{"event":"receipt","id":"n-41","kind":"routed","t":0}"#,
        #"{"event":"app.state","state":"active","t":0}"#,
        #"{"event":"notification.received","id":"n-42","source":"remote","state":"active","t":0}"#,
        #"{"event":"receipt","id":"n-42","kind":"delivered","t":0}"#,
        #"{"count":1,"event":"badge","t":0}"#,
        #"{"body":"Your order was confirmed","event":"alert.shown","id":"n-42","t":0,"title":null}"#,
        #"{"event":"receipt","id":"n-42","kind":"shown-in-foreground","t":0}"#,
        #"{"event":"receipt","id":"n-42","kind":"presented","t":0}"#,
        #"{"event":"alert.answered","id":"n-42","show":true,"t":0}"#,
        #"{"event":"notification.opened","id":"n-42","t":0}"#,
        #"{"event":"receipt","id":"n-42","kind":"opened","t":0}"#,
        #"{"count":0,"event":"badge","t":0}"#,
        #"{"event":"navigation","id":"n-42","kind":"push","params":{"id":"42"},"screen":"Detail","t":0,"tab":"home"}"#,
        #"{"event":"receipt","id":"n-42","kind":"routed","t":0}"#,
        #"{"event":"notification.received","id":"n-43","source":"remote","state":"active","t":0}"#,
        #"{"event":"receipt","id":"n-43","kind":"delivered","t":0}"#,
        #"{"count":1,"event":"badge","t":0}"#,
        #"{"body":"Weekly newsletter","event":"alert.shown","id":"n-43","t":0,"title":null}"#,
        #"{"event":"receipt","id":"n-43","kind":"shown-in-foreground","t":0}"#,
        #"{"event":"receipt","id":"n-43","kind":"presented","t":0}"#,
        #"{"event":"alert.answered","id":"n-43","show":false,"t":0}"#,
        #"{"count":0,"event":"badge","t":0}"#,
        #"{"event":"app.state","state":"background","t":0}"#,
        #"{"by":"system","event":"system.notification","id":"n-44","options":["banner","list","sound","badge"],"source":"remote","t":0}"#,
        #"{"event":"notification.opened","id":"n-44","t":0}"#,
        #"{"event":"receipt","id":"n-44","kind":"opened","t":0}"#,
        #"{"event":"navigation","id":"n-44","kind":"push","params":{"id":"44"},"screen":"Detail","t":0,"tab":"home"}"#,
        #"{"event":"receipt","id":"n-44","kind":"routed","t":0}"#,
        #"{"event":"app.state","state":"active","t":0}"#,
    ]

    @Test("--json prints one object per event, exactly the timeline of seed post 004")
    func json004() async throws {
        let run = await CLIRun(["simulate", "--json", Self.scenario("004-confirm-alert-cold-start-stack.json")])
        #expect(run.status == 0)
        #expect(run.err.isEmpty)
        #expect(try run.jsonLines() == Self.expected004.map(parseJSON))
    }

    @Test("--json on seed post 000: banner times on the virtual clock and the routes taken")
    func json000() async throws {
        let run = await CLIRun(["simulate", Self.scenario("000-getui-banner-url-routing.json"), "--json"])
        #expect(run.status == 0)
        let lines = try run.jsonLines()
        #expect(lines.contains(try parseJSON(#"{"t": 5.25, "event": "banner.hidden", "id": "GT-1:5077:a1", "reason": "timeout"}"#)))
        #expect(lines.contains(try parseJSON(
            #"{"t": 7, "event": "navigation", "id": "GT-1:5078:a2", "kind": "push", "tab": "home", "screen": "RedPacket", "params": {"id": "991", "kind": "coupon"}}"#)))
        #expect(lines.contains(try parseJSON(
            #"{"t": 10.25, "event": "navigation", "id": "GT-1:5080:a4", "kind": "openWeb", "url": "https://promo.example.org/sale?from=push", "title": "Weekend sale"}"#)))
        #expect(lines.contains(try parseJSON(#"{"t": 11, "event": "auth.required", "id": "GT-1:5081:a5", "screen": "Profit"}"#)))
        #expect(lines.suffix(2) == [
            try parseJSON(#"{"t": 11, "event": "navigation", "id": "GT-1:5081:a5", "kind": "push", "tab": "home", "screen": "Profit", "params": {}}"#),
            try parseJSON(#"{"t": 11, "event": "receipt", "id": "GT-1:5081:a5", "kind": "routed"}"#),
        ])
    }

    @Test("text and JSON print the same events, one line each, every JSON line with t and event", arguments: seeds)
    func textMatchesJSON(_ file: String) async throws {
        let text = await CLIRun(["simulate", Self.scenario(file)])
        let json = await CLIRun(["simulate", "--json", Self.scenario(file)])
        #expect(text.status == 0 && json.status == 0)
        #expect(text.err.isEmpty && json.err.isEmpty)
        let objects = try json.jsonLines()
        #expect(!objects.isEmpty)
        #expect(text.outLines.count == objects.count)
        for (line, object) in zip(text.outLines, objects) {
            let time = try #require(object["t"]?.doubleValue)
            let event = try #require(object["event"]?.stringValue)
            let prefix = String(format: "%8.3f  %@", time, event)
            #expect(line.hasPrefix(prefix), "\(line)")
            if let id = object["id"]?.stringValue { #expect(line.contains(" id=\(id)"), "\(line)") }
        }
    }

    @Test("app.strings: a loc-key push shows its resolved text in the banner; a missing key shows the key")
    func localizedAlert() async throws {
        let run = await CLIRun(["simulate", "--json", Self.scenario("localized-alert.json")])
        #expect(run.status == 0)
        #expect(run.err.isEmpty)
        let shown = try run.jsonLines().filter { $0["event"] == "banner.shown" }
        #expect(shown == [
            try parseJSON(#"{"t": 0, "event": "banner.shown", "id": "m-1", "title": "Ana", "body": "Ana sent you a photo"}"#),
            try parseJSON(#"{"t": 6, "event": "banner.shown", "id": "m-2", "title": null, "body": "Tea: 20% off today"}"#),
            try parseJSON(#"{"t": 12, "event": "banner.shown", "id": "m-3", "title": null, "body": "NOT_IN_THE_APP"}"#),
        ])
    }

    @Test("app.strings must map each key to a string: exit 2 naming the key")
    func badStrings() async throws {
        try await withTemporaryFile(#"{"app": {"strings": {"GREETING": 3}}, "steps": []}"#) { path in
            let run = await CLIRun(["simulate", path])
            #expect(run.status == 2)
            #expect(run.out.isEmpty)
            #expect(run.err.hasPrefix("herald simulate: \(path): app.strings.GREETING: expected the key's text"))
        }
    }

    @Test("text lines: time, event, then key=value sorted by key")
    func text000() async {
        let run = await CLIRun(["simulate", Self.scenario("000-getui-banner-url-routing.json")])
        #expect(run.status == 0)
        #expect(run.outLines.contains("   5.250  banner.hidden          id=GT-1:5077:a1 reason=timeout"))
        #expect(run.outLines.contains(
            "  10.250  navigation             id=GT-1:5080:a4 kind=openWeb title=Weekend sale url=https://promo.example.org/sale?from=push"))
        #expect(run.outLines.contains(
            #"   7.000  navigation             id=GT-1:5078:a2 kind=push params={"id":"991","kind":"coupon"} screen=RedPacket tab=home"#))
        #expect(run.outLines.contains(
            #"  11.000  system.notification    by=system id=GT-1:5081:a5 options=["banner","list","sound","badge"] source=remote"#))
    }

    @Test("--help, -h and help simulate print the usage on standard output, exit 0")
    func help() async {
        for arguments in [["simulate", "--help"], ["simulate", "-h"], ["help", "simulate"], ["simulate", "x.json", "--help"]] {
            let run = await CLIRun(arguments)
            #expect(run.status == 0, "\(arguments)")
            #expect(run.err.isEmpty)
            #expect(run.out.hasPrefix("Usage: herald simulate SCENARIO.json [--json]"), "\(arguments)")
            #expect(run.out.contains("docs/simulate.md"))
            #expect(run.out.contains("Exit status: 0 when the scenario ran, 2 when it could not be read."))
        }
        #expect(await CLIRun(["--help"]).out.contains("  simulate  "))
    }

    @Test("no scenario, or two, is a usage error: exit 2")
    func wrongCount() async {
        for arguments in [["simulate"], ["simulate", "--json"], ["simulate", "a.json", "b.json"]] {
            let run = await CLIRun(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.out.isEmpty)
            #expect(run.err == "herald simulate: give one scenario file (see docs/simulate.md)\n")
        }
    }

    @Test("a flag given a value is a usage error")
    func flagValue() async {
        let run = await CLIRun(["simulate", "--json=yes", Self.scenario("004-confirm-alert-cold-start-stack.json")])
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.err.contains("--json"))
    }

    @Test("a missing file: exit 2, nothing on standard output")
    func missingFile() async {
        let run = await CLIRun(["simulate", "no-such-scenario.json"])
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.err.hasPrefix("herald simulate: no-such-scenario.json: "))
        #expect(run.err.contains("no such file"))
    }

    /// Today: `herald simulate: no-such-scenario.json: no-such-scenario.json: no such file; ...`
    /// (the command prefixes the name to an input error that already starts with it).
    @Test("a missing file is named once in the message")
    func missingFileNamedOnce() async {
        let run = await CLIRun(["simulate", "no-such-scenario.json"])
        #expect(run.err.components(separatedBy: "no-such-scenario.json").count - 1 == 1, "\(run.err)")
    }

    @Test("a file that is not JSON: exit 2 with the line and column")
    func notJSON() async throws {
        try await withTemporaryFile("steps:\n  - launch\n") { path in
            let run = await CLIRun(["simulate", path])
            #expect(run.status == 2)
            #expect(run.out.isEmpty)
            #expect(run.err.hasPrefix("herald simulate: \(path): scenario: not valid JSON: line 1, column 1: "), "\(run.err)")
        }
    }

    @Test("JSON that is not a scenario object: exit 2")
    func notAnObject() async throws {
        try await withTemporaryFile("[1, 2]") { path in
            let run = await CLIRun(["simulate", path])
            #expect(run.status == 2)
            #expect(run.err == "herald simulate: \(path): scenario: expected an object with \"app\" and \"steps\"\n")
        }
    }

    @Test("a bad scenario: exit 2 with the path of the mistake, nothing printed")
    func badScenario() async throws {
        try await withTemporaryFile(#"{"steps": [{"state": "active"}, {"swipe": {"dy": "up"}}]}"#) { path in
            let run = await CLIRun(["simulate", "--json", path])
            #expect(run.status == 2)
            #expect(run.out.isEmpty)
            #expect(run.err == "herald simulate: \(path): steps[1].swipe.dy: expected a number, found a string\n")
        }
        try await withTemporaryFile(#"{"app": {"tabs": ["home"], "routes": [{"pattern": "app://a", "screen": "A", "tab": "cart"}]}, "steps": []}"#) { path in
            let run = await CLIRun(["simulate", path])
            #expect(run.status == 2)
            #expect(run.err == "herald simulate: \(path): app.routes[0].tab: \"cart\" is not one of app.tabs (home)\n")
        }
    }

    @Test("duplicate route patterns: exit 2 before any line is printed, naming both routes")
    func duplicatePatterns() async throws {
        let text = #"{"app": {"routes": [{"pattern": "app://a/:id", "screen": "A"}, {"pattern": "app://a/:x", "screen": "B"}]}, "steps": [{"launch": {}}]}"#
        try await withTemporaryFile(text) { path in
            let run = await CLIRun(["simulate", path])
            #expect(run.status == 2)
            #expect(run.out.isEmpty)
            #expect(run.err.hasPrefix("herald simulate: \(path): app.routes"))
            #expect(run.err.contains(#""app://a/:x" (routes[1])"#) && run.err.contains(#""app://a/:id" (routes[0])"#))
        }
    }

    @Test("- reads the scenario from standard input; an empty scenario prints nothing")
    func standardInput() async {
        let run = await CLIRun(["simulate", "-"], stdin: #"{"steps": [{"tap": "notification"}]}"#)
        #expect(run.status == 0)
        #expect(run.outLines == ["   0.000  step.ignored           reason=no delivered notification to tap"])
        let empty = await CLIRun(["simulate", "--json", "-"], stdin: #"{"app": {}, "steps": []}"#)
        #expect(empty.status == 0)
        #expect(empty.out.isEmpty && empty.err.isEmpty)
    }
}
