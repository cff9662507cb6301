import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldAPNsSimulator
import HeraldCore
import Testing

/// `herald send` and `herald apns-sim` against the simulator library, in-process.
/// Serialized: `herald send` blocks its calling thread until the async send is done,
/// so two at once could take both threads of the test pool on a 2-core machine.
@Suite("herald send", .serialized)
final class SendCommandTests {
    let key: APNSSigningKey
    let simulator: APNSSimulator
    let keyFile: String

    init() throws {
        key = try APNSSigningKey.generate()
        var configuration = APNSSimulatorConfiguration()
        configuration.trustedKeys = [.init(keyID: "ABC123DEFG", teamID: "TEAM123456", publicKey: try key.publicKey())]
        configuration.faults = [try SimulatorFault(parsing: String(format: "%064x", 2) + ":410:Unregistered")]
        simulator = try APNSSimulator.start(configuration)
        keyFile = FileManager.default.temporaryDirectory.appendingPathComponent("AuthKey-\(UUID().uuidString).p8").path
        try Data(key.pkcs8PEM().utf8).write(to: URL(fileURLWithPath: keyFile))
    }

    deinit { try? FileManager.default.removeItem(atPath: keyFile) }

    var auth: [String] {
        ["--auth-key", keyFile, "--key-id", "ABC123DEFG", "--team-id", "TEAM123456", "--topic", "com.example.app",
         "--endpoint", simulator.url, "--ca", simulator.caFile]
    }

    static func token(_ n: Int) -> String { String(format: "%064x", n) }

    @Test("prints one line per token; exit 0 when every token was accepted")
    func accepted() async {
        let run = await CLIRun(["send"] + auth + [Self.token(1), Self.token(3), "-"], stdin: #"{"aps":{"alert":"Hi"}}"#)
        #expect(run.status == 0, "\(run.err)")
        #expect(run.outLines.count == 2)
        #expect(run.outLines.allSatisfy { $0.split(separator: " ")[1] == "200" })
        #expect(simulator.acceptedCount == 2)
    }

    @Test("--json: status, apns-id, reason, class and timestamp; exit 1 when one was refused")
    func refused() async throws {
        let run = await CLIRun(["send", "--json", "--push-type", "background"] + auth + [Self.token(1), Self.token(2)], stdin: #"{"aps":{"content-available":1}}"#)
        #expect(run.status == 1)
        let lines = try run.jsonLines()
        #expect(lines.count == 2)
        #expect(lines[0]["status"] == .int(200) && lines[0]["reason"] == .null)
        #expect(lines[1]["status"] == .int(410) && lines[1]["reason"] == .string("Unregistered") && lines[1]["class"] == .string("invalid-token"))
        #expect(lines[1]["timestamp"]?.intValue != nil)
        #expect(Set(lines[0].keySet ?? []) == ["token", "status", "apnsId", "reason", "class", "timestamp"])
        #expect(simulator.accepted.first?.priority == 5)
    }

    @Test("bad input stops before sending, with exit 2 and what to fix")
    func usage() async {
        var cases: [([String], String, String)] = [
            (["send"] + auth + ["xyz", "-"], #"{"aps":{"alert":"Hi"}}"#, "not hex"),
            (["send"] + auth + [Self.token(1)], #"{"aps":{"badge":"3"}}"#, "aps.badge"),
            (["send"] + auth + [Self.token(1)], "{nope", "not valid JSON"),
            (["send", "--topic", "a.b", Self.token(1)], #"{"aps":{"alert":"x"}}"#, "--auth-key"),
            (["send", "--sandbox"] + auth + [Self.token(1)], #"{"aps":{"alert":"x"}}"#, "one of --sandbox"),
            (["send"] + auth + ["--collapse-id", String(repeating: "c", count: 65), Self.token(1)], #"{"aps":{"alert":"x"}}"#, "collapse id"),
        ]
        let alert = #"{"aps":{"alert":"x"}}"#
        for (collapseID, name) in [("c\r\napns-expiration: 1", "CR"), ("c\nx", "LF"), ("c\0x", "NUL")] {
            let arguments = ["send"] + auth + ["--collapse-id", collapseID, Self.token(1)]
            cases.append((arguments, alert, "collapse id: has a control character (\(name))"))
        }
        for (arguments, stdin, expected) in cases {
            let run = await CLIRun(arguments, stdin: stdin)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.err.contains(expected), "\(run.err)")
        }
        #expect(simulator.statistics.requests == 0)
    }

    @Test("--simulator-file writes the payload with Simulator Target Bundle")
    func simulatorFile() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("push-\(UUID().uuidString).apns").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = await CLIRun(["send", "--topic", "com.example.app", "--simulator-file", out], stdin: #"{"aps":{"alert":"Hi"}}"#)
        #expect(run.status == 0)
        let written = try JSONParser().parse(try Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(written == .object(["Simulator Target Bundle": .string("com.example.app"), "aps": .object(["alert": .string("Hi")])]))
        #expect(!FileManager.default.fileExists(atPath: out + ".apns"), "OUT itself, no extension added")
        // The help says what it does: the file is OUT, not OUT.apns, with the target bundle added.
        let help = await CLIRun(["send", "--help"]).out
        let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("write the payload with \"Simulator Target Bundle\": TOPIC added to OUT"), "\(help)")
        #expect(!help.contains("OUT.apns"))
    }

    @Test("apns-sim refuses bad flags with exit 2")
    func simulatorUsage() async {
        for arguments in [["--listen", "10.0.0.1:0"], ["--fault", "nope"], ["--listen", "127.0.0.1:0"], ["--max-streams", "0", "--trust-key", "A:B:/no/such"]] {
            let run = await CLIRun(["apns-sim"] + arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(!run.err.isEmpty)
        }
    }
}
