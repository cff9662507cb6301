import Foundation
import HeraldCore
import HeraldSimulator
import Testing

/// Every scenario in Examples/Scenarios/ parses and plays through the runtime.
@Suite struct ExampleScenarioTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/Scenarios")

    static var files: [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test func examplesExist() {
        #expect(Self.files.count >= 4)
    }

    @Test(arguments: files)
    @MainActor func scenarioPlays(_ file: URL) throws {
        let bytes = Array(try Data(contentsOf: file))
        let scenario = try Scenario(json: try JSONParser(maxDepth: 128).parse(bytes))
        let timeline = try ScenarioRunner.run(scenario)
        #expect(!timeline.isEmpty)
        #expect(timeline.map(\.time) == timeline.map(\.time).sorted())
    }
}
