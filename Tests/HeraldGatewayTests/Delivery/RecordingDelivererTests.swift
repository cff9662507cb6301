import Foundation
import HeraldAPNsModel
import HeraldCore
import HeraldGatewayTestModes
import Testing
@testable import HeraldGateway

/// The record file of `--deliverer record:FILE`, as the kill -9 test reads it.
@Suite("RecordingDeliverer")
struct RecordingDelivererTests {
    func notification(_ n: Int) -> OutgoingNotification {
        OutgoingNotification(
            deviceToken: String(format: "%064x", n), bundleID: "com.example.test", pushType: "alert", priority: 10, expiration: nil,
            collapseID: nil, apnsID: UUID().uuidString.lowercased(), payload: Array(#"{"aps":{"alert":"Hi"}}"#.utf8), publishID: "pub_1")
    }

    @Test("after a torn last line (a process killed mid-write) the next record starts on a line of its own")
    func tornTail() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-record-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"publishId":"pub_1","tok"#.utf8).write(to: file)
        let deliverer = try RecordingDeliverer(path: file.path)
        #expect(await deliverer.deliver([notification(1), notification(2)], credentials: nil as APNSCredentials?).count == 2)
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0] == #"{"publishId":"pub_1","tok"#)
        #expect(
            try lines.dropFirst().map { try JSONParser().parse($0)["token"]?.stringValue } == [
                String(format: "%064x", 1), String(format: "%064x", 2),
            ])
        // A file that ends cleanly gets no blank line.
        let again = try RecordingDeliverer(path: file.path)
        _ = await again.deliver([notification(3)], credentials: nil as APNSCredentials?)
        #expect(try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count == 5)
    }

    @Test("channels are made and deleted at once; a broadcast is one line with the channel instead of a token")
    func broadcast() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-record-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let deliverer = try RecordingDeliverer(path: file.path)
        guard
            case .created(let apnsChannelID) = await deliverer.manageChannel(
                .create(storagePolicy: .none), bundleID: "com.example.test", credentials: nil as APNSCredentials?)
        else {
            Issue.record("the record mode makes every channel")
            return
        }
        #expect(Data(base64Encoded: apnsChannelID) != nil)
        #expect(
            await deliverer.manageChannel(.delete(apnsChannelID: apnsChannelID), bundleID: "com.example.test", credentials: nil as APNSCredentials?) == .deleted
        )
        let requestID = UUID().uuidString.lowercased()
        let broadcast = OutgoingBroadcast(
            apnsChannelID: apnsChannelID, channelID: "ch_1", bundleID: "com.example.test", priority: 5, expiration: nil,
            requestID: requestID,
            payload: Array(#"{"aps":{"event":"end"}}"#.utf8), publishID: "pub_2")
        #expect(await deliverer.broadcast(broadcast, credentials: nil as APNSCredentials?) == .accepted(apnsID: requestID))
        let line = try JSONParser().parse(try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init).first ?? "")
        #expect(line["channelId"] == .string(apnsChannelID) && line["heraldChannelId"] == "ch_1" && line["token"] == nil)
        #expect(line["publishId"] == "pub_2" && line["apnsId"] == .string(requestID) && line["priority"] == 5)
        #expect(line["payload"]?["aps"]?["event"] == "end")
    }
}
