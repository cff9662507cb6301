import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// `--record FILE` is followed live (by `herald device`): a notification reaches the file
/// while the simulator runs, not only when it stops.
@Suite("APNs simulator record file")
struct SimulatorRecordFileTests {
    @Test("an accepted notification is in the record file within a moment, while the simulator runs")
    func live() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-record-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let fixture = try SimulatorFixture { $0.recordFile = file.path }
        let answer = fixture.curl(
            path: "/3/device/" + SimulatorFixture.device(7),
            headers: ["authorization: bearer \(try fixture.jwt())", "apns-topic: com.example.app"], body: #"{"aps":{"alert":"live"}}"#)
        #expect(answer.status == 200)
        let path = file.path
        #expect(await eventually { ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").hasSuffix("\n") })
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let line = try JSONParser().parse(Array(text.utf8.prefix { $0 != 0x0A }))
        #expect(line["token"] == .string(SimulatorFixture.device(7)))
        #expect(line["payload"]?["aps"]?["alert"] == "live")
    }
}
