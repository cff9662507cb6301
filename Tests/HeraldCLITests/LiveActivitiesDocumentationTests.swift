import Foundation
import Testing

/// docs/live-activities.md shows what `herald lint` prints for the examples; these keep it true.
@Suite("docs/live-activities.md")
struct LiveActivitiesDocumentationTests {
    static let lines: [String] = {
        let text = (try? String(contentsOf: repositoryRoot.appendingPathComponent("docs/live-activities.md"), encoding: .utf8)) ?? ""
        return text.components(separatedBy: "\n")
    }()

    @Test("every documented `herald lint` run prints what the document shows, and exits as it says")
    func documentedLintRuns() async {
        var checked = 0
        for (index, line) in Self.lines.enumerated() where line.hasPrefix("$ herald lint ") {
            var arguments = line.dropFirst("$ herald ".count).split(separator: " ").map(String.init)
            arguments = arguments.map { $0.hasPrefix("Examples/") ? repositoryRoot.appendingPathComponent($0).path : $0 }
            let shown = Self.lines[(index + 1)...].prefix { $0 != "```" }
            let run = await CLIRun(arguments)
            #expect(run.outLines == Array(shown), "\(line)")
            #expect(run.status == (shown.contains { $0.hasPrefix("error:") } ? 1 : 0), "\(line)")
            checked += 1
        }
        #expect(checked >= 3)
    }

    @Test("every example file the document names exists")
    func namedExamples() {
        let text = Self.lines.joined(separator: "\n")
        let names = Set(text.matches(of: /`([a-z-]+\.json)`/).map { String($0.1) })
        #expect(names.count >= 4)
        for name in names {
            let path = repositoryRoot.appendingPathComponent("Examples/LiveActivities/\(name)").path
            #expect(FileManager.default.fileExists(atPath: path), "\(name)")
        }
    }
}
