import Foundation
import Testing
@testable import HeraldCLI

/// What a person mistypes is refused with what was meant, and help says what the code does.
@Suite("Mistyped input")
struct MistypedInputTests {
    @Test("a data folder that does not exist is refused by the commands that only read it, and not made; create makes it")
    func missingDataFolder() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("herald-typo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let typo = base.appendingPathComponent("typo").path
        for command in [["app", "list"], ["app", "rotate-key", "--app", "app_x"], ["member", "invite", "--app", "a", "--email", "a@b.c"]] {
            let run = await CLIRun(command + ["--data", typo])
            #expect(run.status == 2, "\(command)")
            #expect(run.err.contains("--data \(typo): no such folder"), "\(command): \(run.err)")
            #expect(!FileManager.default.fileExists(atPath: typo), "\(command) made the folder")
        }
        let file = base.appendingPathComponent("file")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: file)
        let notFolder = await CLIRun(["app", "list", "--data", file.path])
        #expect(notFolder.status == 2 && notFolder.err.contains("is a file, not a data folder"), "\(notFolder.err)")
        _ = try await AppCommandTests.createApp(data: typo)
        let listed = await CLIRun(["app", "list", "--data", typo, "--json"])
        #expect(listed.status == 0 && listed.out.contains("com.e.d"), "\(listed.err)")
    }

    @Test("app --help groups the options by the actions that take them and shows the whole import line")
    func appHelp() async {
        let run = await CLIRun(["app", "--help"])
        #expect(run.status == 0)
        #expect(run.out.contains("Options, by the actions that take them:\nevery action:\n  --data DIR"), "\(run.out)")
        #expect(run.outLines.contains("create, set-credentials:"))
        #expect(run.outLines.contains("rotate-key:"))
        #expect(run.outLines.contains("every action but create and list:"), "\(run.out)")
        for field in ["\"platform\"?", "\"locale\"?", "\"tags\"?"] { #expect(run.out.contains(field), "\(field)") }
    }

    @Test("an APNs token that is not hex says which letter, an odd count says so")
    func badToken() async {
        let base = ["device", "--gateway", "http://127.0.0.1:1", "--app", "a", "--client-key", "k", "--record", "r.jsonl", "--token"]
        let odd = await CLIRun(base + ["abc"])
        #expect(odd.status == 2 && odd.err.contains("3 digits, and a token is whole bytes of two digits each"), "\(odd.err)")
        let letter = await CLIRun(base + ["xyz1"])
        #expect(letter.status == 2 && letter.err.contains("\"x\" is not a hex digit"), "\(letter.err)")
    }
}
