import Foundation
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
        #expect(await deliverer.deliver([notification(1), notification(2)], credentials: nil).count == 2)
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0] == #"{"publishId":"pub_1","tok"#)
        #expect(try lines.dropFirst().map { try JSONParser().parse($0)["token"]?.stringValue } == [String(format: "%064x", 1), String(format: "%064x", 2)])
        // A file that ends cleanly gets no blank line.
        let again = try RecordingDeliverer(path: file.path)
        _ = await again.deliver([notification(3)], credentials: nil)
        #expect(try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count == 5)
    }
}
