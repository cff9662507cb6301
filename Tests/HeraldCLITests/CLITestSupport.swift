import Foundation
import HeraldCLI
import HeraldCore

/// Runs `herald` in-process and captures what it prints.
struct CLIRun {
    var status: Int32
    var out: String
    var err: String

    init(_ arguments: [String], stdin: String = "") async {
        let box = Box()
        let terminal = Terminal(
            out: { box.out += $0 }, err: { box.err += $0 }, input: { Data(stdin.utf8) })
        status = await HeraldCLI.run(arguments, terminal: terminal)
        out = box.out
        err = box.err
    }

    var outLines: [String] { out.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }

    private final class Box: @unchecked Sendable {
        var out = ""
        var err = ""
    }
}

/// The repository root, for paths to examples and fixtures.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The path of an example payload: `example("fcm.json")`.
func example(_ name: String) -> String {
    repositoryRoot.appendingPathComponent("Examples/Payloads").appendingPathComponent(name).path
}

/// Writes `bytes` to a fresh temporary file, passes its path to `body`, then removes it.
func withTemporaryFile<T>(
    _ bytes: Data, isolation: isolated (any Actor)? = #isolation, _ body: (String) async throws -> T
) async throws -> T {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("herald-cli-\(UUID().uuidString).json")
    try bytes.write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    return try await body(url.path)
}

/// Writes `text` as UTF-8 to a fresh temporary file for `body`.
func withTemporaryFile<T>(
    _ text: String, isolation: isolated (any Actor)? = #isolation, _ body: (String) async throws -> T
) async throws -> T {
    try await withTemporaryFile(Data(text.utf8), isolation: isolation, body)
}

/// Parses JSON text with Herald's own parser, so output is compared structurally.
func parseJSON(_ text: String) throws -> JSONValue {
    try JSONParser().parse(text)
}

extension CLIRun {
    /// Every line of standard output, each parsed as one JSON value.
    func jsonLines() throws -> [JSONValue] {
        try outLines.map(parseJSON)
    }

    var errLines: [String] { err.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
}

extension JSONValue {
    /// The member names, when this is an object.
    var keySet: Set<String>? { objectValue.map { Set($0.keys) } }
}
