// Child processes (Process) exist on macOS and Linux only; the iOS Simulator test run skips this file.
#if os(macOS) || os(Linux)
import Foundation
import HeraldCore
import HeraldServerTestSupport
import HeraldTestSupport
import Testing

/// The built `herald` executable as a child process: real streams, real exit status.
@Suite("herald executable")
struct ExecutableEndToEndTests {
    static let executable = repositoryRoot.appendingPathComponent(".build/debug/herald")

    struct Result {
        var status: Int32
        var out: String
        var err: String
    }

    /// Runs the executable with `arguments`, writing `stdin` to its standard input.
    static func run(_ arguments: [String], stdin: Data) throws -> Result {
        let output = try ChildProcess.run(executable.path, arguments, input: stdin)
        return Result(status: output.status, out: output.out, err: output.err)
    }

    @Test("a payload piped through stdin: inspect --json and lint, with real exit statuses")
    func pipedPayload() async throws {
        guard FileManager.default.isExecutableFile(atPath: Self.executable.path) else {
            Issue.record("\(Self.executable.path) is missing; run `swift build` first, then `swift test`")
            return
        }
        let fcm = try Data(contentsOf: URL(fileURLWithPath: example("fcm.json")))
        let inspect = try Self.run(["inspect", "--json"], stdin: fcm)
        #expect(inspect.status == 0)
        #expect(inspect.err.isEmpty)
        #expect(inspect.out.hasSuffix("\n"))
        let lines = inspect.out.split(separator: "\n").map(String.init)
        try #require(lines.count == 1)
        let report = try parseJSON(lines[0])
        #expect(report.keySet == InspectJSONTests.topLevelKeys)
        #expect(report["provider"] == "fcm")
        #expect(report["id"] == "1718871004315750")
        #expect(report["data"] == ["bookingId": "472", "type": "arriving"])
        // In-process and child process agree byte for byte.
        let inProcess = await CLIRun(["inspect", "--json", "-"], stdin: String(decoding: fcm, as: UTF8.self))
        #expect(inspect.out == inProcess.out)

        let badge = try Data(contentsOf: URL(fileURLWithPath: example("lint-badge-string.json")))
        let lint = try Self.run(["lint", "-"], stdin: badge)
        #expect(lint.status == 1)
        #expect(lint.out == "error: aps.badge: expected an integer, found \"3\"\n")

        let broken = try Self.run(["lint"], stdin: Data("{\"aps\": [".utf8))
        #expect(broken.status == 2)
        #expect(broken.out.isEmpty)
        #expect(broken.err.contains("not valid JSON: line 1, column 10"))
    }
}
#endif
