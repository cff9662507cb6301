import Foundation
import HeraldCore
import HeraldSimulator
import Testing

/// The seed scenarios in Examples/Scenarios, one per seed post (docs/ARCHITECTURE.md, "The seed posts").
enum Seed: String, CaseIterable, Sendable {
    case banner000 = "000-getui-banner-url-routing.json"
    case repost001 = "001-beams-jpush-repost-cold-start.json"
    case typeRouting003 = "003-umeng-type-routing-refresh.json"
    case confirm004 = "004-confirm-alert-cold-start-stack.json"

    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/Scenarios")

    var path: String { Self.directory.appendingPathComponent(rawValue).path }

    /// The file parsed with HeraldCore's parser.
    func json() throws -> JSONValue {
        try JSONParser().parse(Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func scenario() throws -> Scenario {
        try Scenario(json: json())
    }
}

/// Parses scenario text the way `herald simulate` does.
func scenario(_ text: String) throws -> Scenario {
    try Scenario(json: JSONParser().parse(text))
}

/// The `ScenarioError` that reading `text` throws, if any.
func parseError(_ text: String) -> ScenarioError? {
    do {
        _ = try Scenario(json: JSONParser().parse(text))
        return nil
    } catch let error as ScenarioError {
        return error
    } catch {
        Issue.record("not a scenario error: \(error)")
        return nil
    }
}

/// A timeline with the queries the tests ask of it.
///
/// `entries` leaves out the `receipt` and `badge` lines, so that tests about presentation
/// and navigation read as the posts describe them; `all` has every line (ReceiptScenarioTests).
struct Timeline: CustomStringConvertible {
    /// Lines of the receipts layer.
    static let receiptEvents: Set<String> = ["receipt", "badge"]

    var all: [TimelineEntry]
    var entries: [TimelineEntry]

    init(_ entries: [TimelineEntry]) {
        all = entries
        self.entries = entries.filter { !Self.receiptEvents.contains($0.event) }
    }

    @MainActor
    init(_ scenario: Scenario) throws {
        self.init(try ScenarioRunner.run(scenario))
    }

    @MainActor
    init(seed: Seed) throws {
        try self.init(seed.scenario())
    }

    @MainActor
    init(_ text: String) throws {
        try self.init(scenario(text))
    }

    var events: [String] { entries.map(\.event) }

    /// The entries about the notification with `id`, in order.
    func about(_ id: String) -> [TimelineEntry] {
        entries.filter { $0.fields["id"] == .string(id) }
    }

    /// The entries named `event`, optionally only those whose fields include `fields`.
    func named(_ event: String, _ fields: [String: JSONValue] = [:]) -> [TimelineEntry] {
        entries.filter { $0.event == event && $0.has(fields) }
    }

    /// The position of the first entry named `event` with `fields`.
    func index(_ event: String, _ fields: [String: JSONValue] = [:]) -> Int? {
        entries.firstIndex { $0.event == event && $0.has(fields) }
    }

    /// The navigation entries, as the `NavigationCommand.kind` names.
    var navigationKinds: [String] { named("navigation").compactMap { $0.fields["kind"]?.stringValue } }

    /// The `receipt` lines about `id`, as their kinds.
    func receipts(_ id: String) -> [String] {
        all.filter { $0.event == "receipt" && $0.fields["id"] == .string(id) }.compactMap { $0.fields["kind"]?.stringValue }
    }

    /// The badge counts, in order.
    var badges: [Int] { all.filter { $0.event == "badge" }.compactMap { $0.fields["count"]?.intValue } }

    var description: String { all.map(\.text).joined(separator: "\n") }
}

extension TimelineEntry {
    /// Whether every field in `expected` is present with that value.
    func has(_ expected: [String: JSONValue]) -> Bool {
        expected.allSatisfy { fields[$0.key] == $0.value }
    }

    /// The `params` of a navigation line, as strings.
    var params: [String: String] {
        (fields["params"]?.objectValue ?? [:]).compactMapValues(\.stringValue)
    }
}

/// A timeline line, for comparing whole entries.
func line(_ time: Double, _ event: String, _ fields: [String: JSONValue] = [:]) -> TimelineEntry {
    TimelineEntry(time: time, event: event, fields: fields)
}

/// The options iOS uses when it shows a notification itself.
let allOptions: JSONValue = ["banner", "list", "sound", "badge"]
