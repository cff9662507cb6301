import Foundation
import HeraldAPNsSimulator
import HeraldCore
import Testing

/// `--record FILE` is followed live (by `herald device`) and read as "what APNs received":
/// each accepted notification is in the file before its 200 goes out, and a restarted
/// simulator adds to the file instead of emptying it.
@Suite("APNs simulator record file")
struct SimulatorRecordFileTests {
    static func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("herald-record-\(UUID().uuidString).jsonl")
    }

    static func lines(_ file: URL) -> [Substring] {
        ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n")
    }

    @Test("an accepted notification is in the record file while the simulator runs")
    func live() async throws {
        let file = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let fixture = try SimulatorFixture { $0.recordFile = file.path }
        let answer = fixture.curl(
            path: "/3/device/" + SimulatorFixture.device(7),
            headers: ["authorization: bearer \(try fixture.jwt())", "apns-topic: com.example.app"], body: #"{"aps":{"alert":"live"}}"#)
        #expect(answer.status == 200)
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        #expect(text.hasSuffix("\n"), "the line is complete as soon as curl has the 200")
        let line = try JSONParser().parse(Array(text.utf8.prefix { $0 != 0x0A }))
        #expect(line["token"] == .string(SimulatorFixture.device(7)))
        #expect(line["payload"]?["aps"]?["alert"] == "live")
    }

    @Test("each record is in the file by the time the client has its 200 (read at once, no waiting)")
    func recordBeforeAnswer() async throws {
        let file = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let fixture = try SimulatorFixture { $0.recordFile = file.path }
        let client = try fixture.client()
        for n in 0..<25 {
            let response = try await client.send(try SimulatorFixture.request(n))
            let lines = Self.lines(file)
            #expect(lines.count == n + 1, "after the 200 for notification \(n)")
            #expect(lines.last?.contains(response.apnsID) == true)
        }
        await client.shutdown()
    }

    @Test("a restarted simulator appends to its record file; what was there stays")
    func restartAppends() async throws {
        let file = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("{\"earlier\":true}\n".utf8).write(to: file)
        for n in 0..<2 {
            let fixture = try SimulatorFixture { $0.recordFile = file.path }
            let client = try fixture.client()
            _ = try await client.send(try SimulatorFixture.request(n))
            await client.shutdown()
            fixture.simulator.stop()
        }
        let lines = Self.lines(file)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.first == "{\"earlier\":true}")
        #expect(
            lines.dropFirst().map { (try? JSONParser().parse(Array($0.utf8)))?["token"] } == [
                .string(SimulatorFixture.device(0)), .string(SimulatorFixture.device(1)),
            ])
    }
}
