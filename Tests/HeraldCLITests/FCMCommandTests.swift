import Foundation
import HeraldCore
import HeraldFCMSimulator
import Testing

/// `herald send --fcm` and `herald fcm-sim` against the simulator library, in-process.
/// Serialized like `herald send`'s APNs tests (a send blocks its calling thread).
@Suite("herald send --fcm and fcm-sim", .serialized)
final class FCMCommandTests {
    let simulator: FCMSimulator

    init() throws {
        simulator = try FCMSimulator.start(FCMSimulatorConfiguration())
    }

    deinit { simulator.stop() }

    var fcm: [String] {
        ["send", "--fcm", "--service-account", simulator.serviceAccountFile, "--fcm-endpoint", simulator.url, "--fcm-ca", simulator.caFile]
    }

    @Test("a message is sent: TOKEN 200 NAME, exit 0, and the simulator has it")
    func sends() async {
        let message = #"{"notification": {"title": "Hi"}, "android": {"ttl": "60s", "priority": "HIGH"}, "data": {"k": "v"}}"#
        let run = await CLIRun(fcm + ["--token", "device-1", "-"], stdin: message)
        #expect(run.status == 0, "\(run.err)")
        let fields = run.outLines.first?.split(separator: " ") ?? []
        #expect(fields.count == 3 && fields[0] == "device-1" && fields[1] == "200" && fields[2].hasPrefix("projects/herald-sim/messages/"))
        #expect(simulator.accepted.first?["data"]?["k"]?.stringValue == "v")
    }

    @Test("--json: a refusal prints FCM's code and its class; exit 1")
    func refused() async throws {
        let run = await CLIRun(fcm + ["--json", "--token", "unregistered-9", "-"], stdin: #"{"data": {"k": "v"}}"#)
        #expect(run.status == 1)
        let line = try #require(try run.jsonLines().first)
        #expect(line["status"] == .int(404) && line["code"] == .string("UNREGISTERED") && line["class"] == .string("invalid-token"))
        let quota = await CLIRun(fcm + ["--token", "quota-1", "-"], stdin: "{}")
        #expect(quota.status == 1)
        #expect(quota.out.hasPrefix("quota-1 429 QUOTA_EXCEEDED (retry-after):") && quota.out.contains("retry after 30 s"), "\(quota.out)")
    }

    @Test("bad input stops before sending, with exit 2 and what to fix")
    func usage() async throws {
        let cases: [([String], String, String)] = [
            (["send", "--fcm", "--token", "t", "-"], "{}", "--service-account FILE is required"),
            (["send", "--fcm", "--service-account", "/nonexistent/sa.json", "--token", "t", "-"], "{}", "/nonexistent/sa.json"),
            (fcm + ["-"], "{}", "--token TOKEN is required"),
            (fcm + ["--token", "t", "-"], #"{"data": {"google.x": "1"}}"#, "data.google.x"),
            (fcm + ["--token", "t", "-"], "not json", "<stdin>"),
            (
                [
                    "send", "--fcm", "--service-account", simulator.serviceAccountFile, "--fcm-ca", "/nonexistent/ca.pem", "--token", "t",
                    "-",
                ], "{}", "--fcm-ca"
            ),
        ]
        for (arguments, stdin, expected) in cases {
            let run = await CLIRun(arguments, stdin: stdin)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.err.contains(expected), "\(arguments): \(run.err)")
        }
        try await withTemporaryFile(#"{"type": "authorized_user"}"#) { path in
            let run = await CLIRun(["send", "--fcm", "--service-account", path, "--token", "t", "-"], stdin: "{}")
            #expect(run.status == 2 && run.err.contains("type"), "\(run.err)")
        }
        #expect(simulator.statistics.tokenRequests == 0 && simulator.accepted.isEmpty)
    }

    @Test("fcm-sim serves, writes its service account and prints its statistics; a bad --fault is exit 2")
    func fcmSim() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-fcm-sim-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = await CLIRun(["fcm-sim", "--listen", "127.0.0.1:0", "--tls-dir", folder, "--duration", "0.3"])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.err.isEmpty, "\(run.err)")
        #expect(run.out.contains("herald fcm-sim listening on https://127.0.0.1:"))
        #expect(run.out.contains("service account: \(folder)/service-account.json"))
        #expect(FileManager.default.fileExists(atPath: folder + "/service-account.json"))
        #expect(try parseJSON(run.outLines.last ?? "")["accepted"] == .int(0))
        let bad = await CLIRun(["fcm-sim", "--port", "0", "--tls-dir", folder, "--fault", "meteor"])
        #expect(bad.status == 2 && bad.err.contains("--fault"), "\(bad.err)")
        // --port, which this command alone took, is still taken and said to be --listen's.
        let port = await CLIRun(["fcm-sim", "--port", "0", "--tls-dir", folder, "--duration", "0.1"])
        #expect(port.status == 0 && port.err.contains("--port 0 is --listen 127.0.0.1:0"), "\(port.err)")
        let both = await CLIRun(["fcm-sim", "--port", "0", "--listen", "127.0.0.1:0", "--tls-dir", folder])
        #expect(both.status == 2 && both.err.contains("not both"), "\(both.err)")
        let typo = await CLIRun(["fcm-sim", "--listen", "2198", "--tls-dir", folder])
        #expect(typo.status == 2 && typo.err.contains("HOST:PORT, such as 127.0.0.1:2198"), "\(typo.err)")
    }

    @Test("bench-fcm sends N messages and prints its rate; it never sends to Google")
    func bench() async throws {
        let account = ["--service-account", simulator.serviceAccountFile]
        let run = await CLIRun(
            ["bench-fcm", "--count", "50", "--connections", "2", "--fcm-endpoint", simulator.url, "--fcm-ca", simulator.caFile] + account)
        #expect(run.status == 0, "\(run.err)")
        let line = try parseJSON(run.outLines.last ?? "")
        #expect(line["accepted"] == .int(50) && line["count"] == .int(50) && (line["rate"]?.doubleValue ?? 0) > 0)
        let google = await CLIRun(["bench-fcm", "--count", "1"] + account)
        #expect(google.status == 2 && google.err.contains("never to Google"), "\(google.err)")
    }

    @Test("the help lists the FCM options from their descriptors")
    func help() async {
        let send = await CLIRun(["send", "--help"])
        for option in ["--fcm", "--service-account FILE", "--token TOKEN", "--fcm-endpoint URL", "--fcm-ca FILE"] {
            #expect(send.out.contains(option), "\(option)")
        }
        let sim = await CLIRun(["fcm-sim", "--help"])
        for option in ["--port N", "--tls-dir DIR", "--record FILE", "--fault F", "--project ID"] {
            #expect(sim.out.contains(option), "\(option)")
        }
    }
}
