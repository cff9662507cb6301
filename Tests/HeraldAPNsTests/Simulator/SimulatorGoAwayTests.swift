import Foundation
import HeraldAPNs
import HeraldAPNsSimulator
import HeraldCore
import Testing

/// A `goaway` fault: the simulator answers the request, sends GOAWAY with the last stream
/// id it has begun, and refuses every stream above it (REFUSED_STREAM) instead of
/// processing it. The client sends those again on a new connection, so each notification
/// is processed, recorded and answered once.
@Suite("simulator GOAWAY: streams above the announced last stream id are not processed")
struct SimulatorGoAwayTests {
    @Test("goaway faults mid-batch: every token is in the record file exactly once, with the apns-id the client got")
    func recordedOnce() async throws {
        let file = SimulatorRecordFileTests.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let faults = try [60, 190, 320].map { try SimulatorFault(parsing: SimulatorFixture.device($0) + ":goaway") }
        let fixture = try SimulatorFixture {
            $0.faults = faults
            $0.recordFile = file.path
        }
        // 50 streams at a time, so that the batch spans the GOAWAYs.
        let client = try fixture.client(configure: {
            $0.retry = APNSRetryPolicy(maxRetries: 3, baseDelay: 0, maxDelay: 0)
            $0.maxConcurrentStreams = 50
        })
        let results = await client.send(batch: try (0..<400).map { try SimulatorFixture.request($0) })
        await client.shutdown()

        var recorded: [String: [String]] = [:]
        for line in SimulatorRecordFileTests.lines(file) {
            let record = try JSONParser().parse(Array(line.utf8))
            guard case .string(let token) = record["token"], case .string(let apnsID) = record["apnsId"] else {
                Issue.record("a record line without token or apnsId: \(line)")
                continue
            }
            recorded[token, default: []].append(apnsID)
        }
        #expect(recorded.count == 400)
        let twice = recorded.filter { $0.value.count != 1 }
        #expect(twice.isEmpty, "recorded more than once: \(twice)")
        for (n, result) in results.enumerated() {
            let response = try result.get()
            #expect(recorded[SimulatorFixture.device(n)] == [response.apnsID])
        }
        #expect(fixture.simulator.statistics.goAways == 3)
        #expect(fixture.simulator.statistics.accepted == 400)
        #expect(fixture.simulator.statistics.connections >= 2)
    }
}
