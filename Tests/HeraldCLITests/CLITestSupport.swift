import Foundation
import HeraldCLI

/// Runs `herald` in-process and captures what it prints.
struct CLIRun {
    var status: Int32
    var out: String
    var err: String

    init(_ arguments: [String], stdin: String = "") {
        let box = Box()
        let terminal = Terminal(
            out: { box.out += $0 }, err: { box.err += $0 }, input: { Data(stdin.utf8) })
        status = HeraldCLI.run(arguments, terminal: terminal)
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
