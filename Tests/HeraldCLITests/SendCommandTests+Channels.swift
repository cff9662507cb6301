import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldAPNsSimulator
import HeraldCore
import Testing

/// `herald channel` and `herald send --channel` against the simulator, in-process.
/// In `herald send`'s serialized suite: each blocks its calling thread until the async
/// work is done, so two suites at once could take both threads of the test pool.
extension SendCommandTests {
    static let liveActivityUpdate = #"{"aps":{"timestamp":1718870700,"event":"update","content-state":{"home":1,"away":0}}}"#

    @Test("create, list, read, broadcast to and delete a channel")
    func channelLifecycle() async throws {
        let created = await CLIRun(["channel", "create", "--storage", "most-recent"] + auth)
        #expect(created.status == 0, "\(created.err)")
        let words = created.out.trimmingCharacters(in: .newlines).split(separator: " ").map(String.init)
        try #require(words.count == 2)
        let id = words[0]
        #expect(words[1] == "most-recent")
        #expect(await CLIRun(["channel", "list"] + auth).outLines == [id])
        let read = await CLIRun(["channel", "read", "--json", id] + auth)
        #expect(try read.jsonLines() == [["id": .string(id), "storage": "most-recent"]])

        let sent = await CLIRun(["send", "--channel", id, "--priority", "5"] + auth, stdin: Self.liveActivityUpdate)
        #expect(sent.status == 0, "\(sent.err)")
        #expect(sent.outLines.first?.hasPrefix("\(id) 200 ") == true, "\(sent.out)")
        let recorded = try #require(simulator.accepted.first)
        #expect(recorded.channelID == id && recorded.priority == 5 && recorded.pushType == "liveactivity")

        let deleted = await CLIRun(["channel", "delete", id] + auth)
        #expect(deleted.outLines == ["\(id) deleted"])
        #expect(await CLIRun(["channel", "list"] + auth).out.isEmpty)
    }

    @Test("a broadcast to an unknown channel prints APNs' reason and exits 1")
    func channelUnknown() async throws {
        let run = await CLIRun(["send", "--json", "--channel", "bm8tc3VjaC1jaGFubmVs"] + auth, stdin: Self.liveActivityUpdate)
        #expect(run.status == 1)
        let line = try #require(try run.jsonLines().first)
        #expect(line["channel"] == "bm8tc3VjaC1jaGFubmVs")
        #expect(line["status"] == 400 && line["reason"] == "ChannelNotRegistered" && line["class"] == "permanent")
        let delete = await CLIRun(["channel", "delete", "bm8tc3VjaC1jaGFubmVs"] + auth)
        #expect(delete.status == 1)
        #expect(delete.err.contains("ChannelNotRegistered"))
    }

    @Test(
        "bad usage exits 2 and says what to fix",
        arguments: [
            (["channel"], "give an action"),
            (["channel", "rename"], "unknown action \"rename\""),
            (["channel", "create", "--storage", "forever"], "--storage: \"forever\" is not no-storage or most-recent"),
            (["channel", "read"], "read takes one channel id"),
            (["channel", "read", "not base64!"], "channel id: \"not base64!\" is not a channel id"),
        ])
    func channelUsage(arguments: [String], message: String) async {
        let run = await CLIRun(arguments + auth)
        #expect(run.status == 2)
        #expect(run.err.contains(message), "\(run.err)")
    }

    @Test("send --channel refuses a start event, other push types and tokens")
    func channelSendChecks() async {
        let start = #"{"aps":{"timestamp":1,"event":"start","content-state":{},"attributes-type":"A","attributes":{},"alert":{"title":"t","body":"b"}}}"#
        let refused = await CLIRun(["send", "--channel", "dHJhaW4="] + auth, stdin: start)
        #expect(refused.status == 2)
        #expect(refused.err.contains("a broadcast cannot start a Live Activity"))
        #expect(await CLIRun(["send", "--channel", "dHJhaW4=", "--push-type", "alert"] + auth, stdin: Self.liveActivityUpdate).status == 2)
        #expect(await CLIRun(["send", "--channel", "dHJhaW4=", String(repeating: "ab", count: 32)] + auth, stdin: Self.liveActivityUpdate).status == 2)
        #expect(simulator.acceptedCount == 0)
    }
}
