import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldAPNsSimulator
import HeraldCore
import HeraldTestSupport
import Testing

@Suite("connections: GOAWAY, drops, stream limits, back-pressure, draining")
struct ClientConnectionTests {
    @Test("after GOAWAY the client reconnects and nothing is lost")
    func goAway() async throws {
        let fixture = try SimulatorFixture()
        let client = try fixture.client()
        _ = await client.send(batch: try (0..<50).map { try SimulatorFixture.request($0) })
        fixture.simulator.goAway()
        #expect(await eventually { fixture.simulator.statistics.openConnections == 0 })
        let results = await client.send(batch: try (50..<100).map { try SimulatorFixture.request($0) })
        #expect(results.allSatisfy { (try? $0.get()) != nil })
        #expect(fixture.simulator.acceptedCount == 100)
        #expect(fixture.simulator.statistics.connections == 2 && fixture.simulator.statistics.goAways >= 1)
        await client.shutdown()
    }

    @Test("a GOAWAY fault in the middle of a batch: every notification still delivered")
    func goAwayMidBatch() async throws {
        let fault = try SimulatorFault(parsing: "every-97:goaway")
        let fixture = try SimulatorFixture { $0.faults = [fault] }
        // 50 streams at a time, so that the batch spans the GOAWAYs (400 would all start,
        // and be answered, on the first connection before its GOAWAY).
        let client = try fixture.client(configure: {
            $0.retry = APNSRetryPolicy(maxRetries: 3, baseDelay: 0, maxDelay: 0)
            $0.maxConcurrentStreams = 50
        })
        let results = await client.send(batch: try (0..<400).map { try SimulatorFixture.request($0) })
        #expect(results.allSatisfy { (try? $0.get()) != nil })
        #expect(Set(fixture.simulator.accepted.map(\.token)).count == 400)
        #expect(fixture.simulator.statistics.connections > 1)
        await client.shutdown()
    }

    @Test("dropped connections: in-flight requests are retried on a new connection (at least once)")
    func dropped() async throws {
        let fault = try SimulatorFault(parsing: "every-50#3:drop")
        let fixture = try SimulatorFixture { $0.faults = [fault] }
        let client = try fixture.client(configure: { $0.retry = APNSRetryPolicy(maxRetries: 3, baseDelay: 0, maxDelay: 0) })
        let results = await client.send(batch: try (0..<300).map { try SimulatorFixture.request($0) })
        #expect(results.allSatisfy { (try? $0.get()) != nil })
        #expect(Set(fixture.simulator.accepted.map(\.token)).count == 300)
        #expect(fixture.simulator.statistics.dropped == 3)
        await client.shutdown()
    }

    @Test("the server's SETTINGS_MAX_CONCURRENT_STREAMS is respected")
    func serverStreamLimit() async throws {
        let slow = try SimulatorFault(parsing: "*:delay:20")
        let fixture = try SimulatorFixture { $0.maxConcurrentStreams = 3; $0.faults = [slow] }
        let client = try fixture.client(configure: { $0.maxConcurrentStreams = 100 })
        _ = try await client.send(try SimulatorFixture.request(0))
        let results = await client.send(batch: try (1..<40).map { try SimulatorFixture.request($0) })
        #expect(results.allSatisfy { (try? $0.get()) != nil })
        #expect(fixture.simulator.statistics.peakConcurrentStreams <= 3)
        #expect(fixture.simulator.statistics.peakConcurrentStreams >= 2)
        await client.shutdown()
    }

    @Test("back-pressure: never more than the window in flight; senders wait their turn")
    func backPressure() async throws {
        let slow = try SimulatorFault(parsing: "*:delay:30")
        let fixture = try SimulatorFixture { $0.faults = [slow] }
        let client = try fixture.client(configure: { $0.connections = 2; $0.maxConcurrentStreams = 4 })
        let peak = Locked(0)
        let watcher = Task.detached {
            while !Task.isCancelled {
                let now = client.inFlight
                peak.withLock { $0 = max($0, now) }
                try? await Task.sleep(nanoseconds: 1_000_000)
            }
        }
        try await withThrowingTaskGroup(of: APNSResponse.self) { group in
            for n in 0..<60 { group.addTask { try await client.send(try SimulatorFixture.request(n)) } }
            for try await response in group { #expect(response.status == 200) }
        }
        watcher.cancel()
        // The window, sampled every millisecond, is never exceeded. (How high the sample gets
        // depends on the machine's load; the server's own count shows the streams overlapped.)
        #expect(peak.current <= 8)
        #expect(fixture.simulator.statistics.peakConcurrentStreams <= 4)
        #expect(fixture.simulator.statistics.peakConcurrentStreams >= 2)
        #expect(fixture.simulator.acceptedCount == 60)
        await client.shutdown()
    }

    @Test("shutdown drains: every accepted request finishes, later ones are refused, nothing is lost")
    func drain() async throws {
        let slow = try SimulatorFault(parsing: "*:delay:50")
        let fixture = try SimulatorFixture { $0.faults = [slow] }
        let client = try fixture.client(configure: { $0.maxConcurrentStreams = 10 })
        let requests = try (0..<100).map { try SimulatorFixture.request($0) }
        let sending = Task.detached { await client.send(batch: requests) }
        #expect(await eventually { client.inFlight > 0 })
        await client.shutdown()
        let results = await sending.value
        #expect(results.count == 100 && results.allSatisfy { (try? $0.get()) != nil })
        #expect(fixture.simulator.acceptedCount == 100)
        let late = try await #require(throws: APNSTransportError.self) { try await client.send(try SimulatorFixture.request(200)) }
        #expect(late.message.contains("shut down"))
    }
}
