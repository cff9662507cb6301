import Foundation
import HeraldCore
import Testing

/// docs/cli.md says what the CLI does; these keep it true.
@Suite("docs/cli.md")
struct CLIDocumentationTests {
    static let text: String = {
        (try? String(contentsOf: repositoryRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)) ?? ""
    }()

    static var lines: [String] { text.components(separatedBy: "\n") }

    @Test("the stable --json table lists exactly the keys inspect prints")
    func documentedKeys() throws {
        let start = try #require(Self.lines.firstIndex { $0.hasPrefix("### `herald inspect --json`") })
        let section = Self.lines[start...].prefix { !$0.hasPrefix("**Example") }
        let keys = section.compactMap { line -> String? in
            guard line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: "`") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 3)..<end])
        }
        #expect(Set(keys) == InspectJSONTests.topLevelKeys)
        #expect(keys.count == InspectJSONTests.topLevelKeys.count)
    }

    @Test("every documented `herald inspect --json` example output is what the CLI prints")
    func documentedOutputs() async throws {
        var checked = 0
        for (index, line) in Self.lines.enumerated() where line.hasPrefix("$ herald inspect --json Examples/") {
            let file = String(line.dropFirst("$ herald inspect --json ".count))
            let documented = try parseJSON(Self.lines[index + 1])
            let run = await CLIRun(["inspect", "--json", repositoryRoot.appendingPathComponent(file).path])
            #expect(run.status == 0)
            #expect(try run.jsonLines() == [documented], "\(file)")
            checked += 1
        }
        #expect(checked >= 2)
    }

    @Test("every documented example input is the example file")
    func documentedInputs() throws {
        for name in ["fcm.json", "getui.json"] {
            let marker = "(`Examples/Payloads/\(name)`)"
            let start = try #require(Self.lines.firstIndex { $0.contains(marker) })
            let open = try #require(Self.lines[start...].firstIndex(of: "```json"))
            let close = try #require(Self.lines[(open + 1)...].firstIndex(of: "```"))
            let documented = try parseJSON(Self.lines[(open + 1)..<close].joined(separator: "\n"))
            let file = try String(contentsOfFile: example(name), encoding: .utf8)
            #expect(documented == (try parseJSON(file)), "\(name)")
        }
    }

    @Test("every command and option of the CLI is documented")
    func everyOption() {
        for word in [
            "`herald inspect`", "`herald lint`", "`herald bench-decode`", "--json", "--provider", "--push-type", "--strict", "--iterations",
            "`herald nse`", "--deadline", "--out", "--preset", "--resources",
            "`herald send`", "`herald apns-sim`", "`herald bench-apns`",
            "--auth-key", "--key-id", "--team-id", "--topic", "--sandbox", "--endpoint", "--ca", "--collapse-id", "--expiration",
            "--priority", "--simulator-file", "--listen", "--tls-dir", "--trust-key", "--record", "--max-streams", "--fault",
        ] {
            #expect(Self.text.contains(word), "\(word)")
        }
        for type in PushType.documented {
            #expect(Self.text.contains("`\(type.rawValue)`"), "push type \(type.rawValue)")
        }
    }

    @Test("the documented lint lines are what lint prints")
    func documentedLintLines() async {
        let badge = await CLIRun(["lint", example("lint-badge-string.json")])
        #expect(Self.text.contains(badge.out))
        let background = await CLIRun(["lint", "--push-type", "background", example("lint-background-with-alert.json")])
        #expect(Self.text.contains(background.out))
    }
}
