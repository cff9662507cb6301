import Foundation
import HeraldCore
import HeraldSimulator

/// `herald simulate`: a headless app runs the real runtime on a virtual clock.
enum SimulateCommand: MainActorCommand {
    static let name = "simulate"
    static let summary = "Play a scenario through the client runtime on a virtual clock"
    static let help = """
        Usage: herald simulate SCENARIO.json [--json]

        Runs a headless app (tabs, routes, presentation policy) through the real Herald
        runtime on a virtual clock and prints the timeline: banners shown and hidden,
        alerts, system notifications, navigation, auth gates, buffered launches and
        app events. The scenario format is in docs/simulate.md; Examples/Scenarios/
        holds one scenario per seed post.

        Options:
        \(OptionHelp.lines(spec.allOptions))

        Exit status: 0 when the scenario ran, 2 when it could not be read.
        """
    static let json = Option.flag("json", #"one JSON object per event, one per line: {"t": seconds, "event": NAME, ...}"#)
    static let spec = Arguments.Spec([json.descriptor])

    /// The runtime and its virtual clock belong to the main actor.
    @MainActor
    static func runOnMain(_ arguments: Arguments, terminal: Terminal) -> Int32 {
        guard arguments.positionals.count == 1 else {
            return fail("give one scenario file (see docs/simulate.md)", terminal)
        }
        let name = arguments.positionals[0]
        let scenario: Scenario
        do {
            let input = try PayloadInput.read(arguments.positionals, terminal: terminal, what: "a scenario file (docs/simulate.md)")[0]
            let json: JSONValue
            do {
                json = try JSONParser(maxDepth: 128).parse(input.bytes)
            } catch {
                throw ScenarioError("scenario", "not valid JSON: \(error)")
            }
            scenario = try Scenario(json: json)
        } catch let error as InputError {
            return fail("\(error)", terminal)
        } catch {
            return fail("\(name): \(error)", terminal)
        }
        let timeline: [TimelineEntry]
        do {
            timeline = try ScenarioRunner.run(scenario)
        } catch {
            return fail("\(name): \(error)", terminal)
        }
        for entry in timeline {
            terminal.print(arguments[Self.json] ? JSONWriter.serialize(entry.json) : entry.text)
        }
        return 0
    }
}
