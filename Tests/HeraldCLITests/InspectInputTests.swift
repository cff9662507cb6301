import Foundation
import HeraldCore
import Testing

/// Where `herald inspect` reads from, and `--provider`.
@Suite("inspect input and --provider")
struct InspectInputTests {
    static let fcmText: String = {
        (try? String(contentsOfFile: example("fcm.json"), encoding: .utf8)) ?? ""
    }()

    @Test("- reads standard input")
    func dashReadsStdin() async throws {
        let run = await CLIRun(["inspect", "--json", "-"], stdin: Self.fcmText)
        #expect(run.status == 0)
        #expect(run.err.isEmpty)
        let fromFile = try await CLIRun(["inspect", "--json", example("fcm.json")]).jsonLines()
        #expect(try run.jsonLines() == fromFile)
        #expect(fromFile.first?["provider"] == "fcm")
    }

    @Test("no file reads standard input")
    func nothingReadsStdin() async throws {
        let run = await CLIRun(["inspect", "--json"], stdin: Self.fcmText)
        #expect(run.status == 0)
        #expect(try run.jsonLines().map { $0["provider"] } == ["fcm"])
        let text = await CLIRun(["inspect"], stdin: Self.fcmText)
        #expect(text.status == 0)
        #expect(text.outLines.first == "provider      fcm")
    }

    @Test("a decode error on standard input names <stdin>")
    func stdinErrorName() async {
        let run = await CLIRun(["inspect"], stdin: "{\"aps\": ")
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.err.hasPrefix("herald inspect: <stdin>: not valid JSON: line 1, column 9:"))
    }

    @Test("a missing file exits 2 and stderr names the file")
    func missingFile() async {
        let missing = repositoryRoot.appendingPathComponent("Examples/Payloads/no-such-payload.json").path
        let run = await CLIRun(["inspect", "--json", missing])
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.errLines == ["herald inspect: \(missing): no such file; give a JSON payload file, or - to read standard input"])
    }

    @Test("a missing file among good ones: nothing is decoded, exit 2")
    func missingAmongGood() async {
        let run = await CLIRun(["inspect", "--json", example("fcm.json"), "no-such-payload.json"])
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.err.contains("no-such-payload.json: no such file"))
    }

    @Test("a folder exits 2 and says it is a folder")
    func folder() async {
        let folder = repositoryRoot.appendingPathComponent("Examples/Payloads").path
        let run = await CLIRun(["inspect", folder])
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.errLines == ["herald inspect: \(folder): is a folder; give a JSON payload file"])
    }

    @Test("--provider umeng reads an FCM payload as UMeng's")
    func forcedProvider() async throws {
        let run = await CLIRun(["inspect", "--json", "--provider", "umeng", example("fcm.json")])
        #expect(run.status == 0)
        let report = try #require(try run.jsonLines().first)
        InspectJSONTests.checkShape(report, "forced umeng")
        #expect(report["provider"] == "umeng")
        // UMeng's id is `d`, absent here; FCM's keys are the app's data now.
        #expect(report["id"]?.isNull == true)
        #expect(report["data"]?["gcm.message_id"] == "1718871004315750")
        #expect(report["data"]?["bookingId"] == "472")
        #expect(report["alert"]?["title"] == "Driver arriving")
    }

    @Test("--provider umeng on a real UMeng payload agrees with recognition")
    func forcedMatchesRecognised() async throws {
        let forced = try await CLIRun(["inspect", "--json", "--provider", "umeng", example("umeng.json")]).jsonLines()
        let recognised = try await CLIRun(["inspect", "--json", example("umeng.json")]).jsonLines()
        #expect(forced == recognised)
        #expect(forced.first?["id"] == "uukbzq5160490651243410")
    }

    @Test("--provider apns reads any payload as plain APNs")
    func forcedAPNs() async throws {
        let report = try #require(try await CLIRun(["inspect", "--json", "--provider", "apns", example("herald.json")]).jsonLines().first)
        #expect(report["provider"] == "apns")
        #expect(report["data"]?["herald"]?["publishId"] == "pub_01J0Z6A1B2C3D4E5F6G7H8J9KM")
        #expect(report["attachments"] == [])
    }

    @Test("--provider nope exits 2 with a clear error listing the providers")
    func unknownProvider() async {
        let run = await CLIRun(["inspect", "--provider", "nope", example("fcm.json")])
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.err.contains("no provider named \"nope\""))
        for id in ProviderSpec.builtIn.map(\.id.rawValue) + ["apns"] {
            #expect(run.err.contains(id), "the error lists \(id)")
        }
    }

    /// `lint` checks `--push-type` before reading anything; `inspect --provider` is checked
    /// only while decoding each input, so a bad input hides the bad option.
    @Test("--provider nope is reported even when the input is also bad")
    func unknownProviderBeforeInput() async {
        let run = await CLIRun(["inspect", "--provider", "nope"], stdin: "not json")
        #expect(run.status == 2)
        #expect(run.err.contains("\"nope\""))
    }

    @Test("--provider nope with several files is one error, not one per file")
    func unknownProviderOnce() async {
        let run = await CLIRun(["inspect", "--provider", "nope", example("fcm.json"), example("umeng.json")])
        #expect(run.status == 2)
        #expect(run.errLines.filter { $0.contains("nope") }.count == 1)
    }
}
