import Foundation
import HeraldCore
import Testing

/// `herald bench-decode`: one JSON line with the corpus size and the rate.
@Suite("bench-decode")
struct BenchDecodeCommandTests {
    @Test("prints one JSON line with at least payloads, seconds, perSecond and checksum")
    func oneLine() async throws {
        let files = ["fcm.json", "umeng.json", "herald.json"].map(example)
        let run = await CLIRun(["bench-decode", "--iterations", "5"] + files)
        #expect(run.status == 0)
        #expect(run.err.isEmpty)
        let lines = try run.jsonLines()
        try #require(lines.count == 1)
        let report = lines[0]
        #expect(report.keySet?.isSuperset(of: ["payloads", "seconds", "perSecond", "checksum"]) == true)
        for (key, value) in report.objectValue ?? [:] {
            #expect(value.doubleValue != nil, "\(key) is a number")
        }
        #expect(report["payloads"] == 15)
        #expect((report["seconds"]?.doubleValue ?? -1) >= 0)
        #expect((report["perSecond"]?.doubleValue ?? -1) > 0)
        #expect(report["checksum"]?.intValue != nil)
    }

    @Test("the checksum depends only on the corpus, not on timing")
    func checksumIsStable() async throws {
        let file = example("apns.json")
        let once = try await CLIRun(["bench-decode", "--iterations", "1", file]).jsonLines().first
        let thrice = try await CLIRun(["bench-decode", "--iterations", "3", file]).jsonLines().first
        let a = try #require(once?["checksum"]?.intValue)
        let b = try #require(thrice?["checksum"]?.intValue)
        #expect(b == 3 * a)
    }

    @Test("--iterations must be a positive whole number", arguments: ["0", "-3", "many", "1.5"])
    func badIterations(_ value: String) async {
        let run = await CLIRun(["bench-decode", "--iterations=\(value)", example("fcm.json")])
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.err.contains("--iterations: \"\(value)\" is not a whole number of at least 1"))
    }

    @Test("a missing file exits 2 naming it")
    func missingFile() async {
        let run = await CLIRun(["bench-decode", "no-such-payload.json"])
        #expect(run.status == 2)
        #expect(run.err.contains("no-such-payload.json: no such file"))
    }

    /// The help says `"payloads": total decoded`; a payload that cannot be decoded is
    /// either refused or not counted.
    @Test("an undecodable payload is not counted as decoded")
    func undecodableNotCounted() async throws {
        let run = await CLIRun(["bench-decode", "--iterations", "4"], stdin: "not json")
        if run.status == 0 {
            #expect(try run.jsonLines().first?["payloads"] == 0)
        } else {
            #expect(run.status == 2)
        }
    }
}
