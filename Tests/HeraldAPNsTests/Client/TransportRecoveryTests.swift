import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldAPNsSimulator
import HeraldCore
import HeraldTestSupport
import Testing

/// The HTTP/2 transport against the simulator when connections end: GOAWAY, a server
/// that goes silent, a dropped connection, a restarted server. No client retries here:
/// what survives, survives because of the transport.
@Suite("transport recovery: GOAWAY, dead connections (PING), reconnects")
struct TransportRecoveryTests {
    @Test("GOAWAY mid-batch without client retries: every request answered, every token recorded once with the client's apns-id")
    func goAwayRequeues() async throws {
        let faults = try [50, 170, 290].map { try SimulatorFault(parsing: SimulatorFixture.device($0) + ":goaway") }
        let fixture = try SimulatorFixture { $0.faults = faults }
        // 20 streams at a time, so that the batch spans the GOAWAYs. Streams the client
        // starts before it reads a GOAWAY are above its last stream id: the simulator
        // refuses or ignores them, and the transport sends them on the next connection.
        let client = try fixture.client(configure: { $0.maxConcurrentStreams = 20 })
        let results = await client.send(batch: try (0..<400).map { try SimulatorFixture.request($0) })
        await client.shutdown()
        var recorded: [String: [String]] = [:]
        for notification in fixture.simulator.accepted { recorded[notification.token, default: []].append(notification.apnsID) }
        #expect(recorded.count == 400)
        #expect(recorded.filter { $0.value.count != 1 }.isEmpty)
        for (n, result) in results.enumerated() {
            let response = try result.get()
            #expect(recorded[SimulatorFixture.device(n)] == [response.apnsID])
        }
        let statistics = fixture.simulator.statistics
        #expect(statistics.goAways == 3 && statistics.accepted == 400 && statistics.connections == 4, "\(statistics)")
    }

    @Test("a server that stops answering is found dead by PING; the request fails and the next one goes on a new connection")
    func deadConnection() async throws {
        let stall = try SimulatorFault(parsing: SimulatorFixture.device(1) + "#1:stall")
        let fixture = try SimulatorFixture { $0.faults = [stall] }
        let client = try fixture.client(configure: {
            $0.pingInterval = 0.2
            $0.pingTimeout = 0.5
            $0.requestTimeout = 600
        })
        let error = try await #require(throws: APNSTransportError.self) { try await client.send(try SimulatorFixture.request(1)) }
        #expect(error.kind == .deadConnection && error.errorClass == .backOff, "\(error)")
        #expect(try await client.send(try SimulatorFixture.request(2)).status == 200)
        await client.shutdown()
        let statistics = fixture.simulator.statistics
        #expect(statistics.stalled == 1 && statistics.connections == 2 && statistics.accepted == 1)
    }

    @Test("with retries, a request on a dead connection is delivered on the next one")
    func deadConnectionRetried() async throws {
        let stall = try SimulatorFault(parsing: SimulatorFixture.device(3) + "#1:stall")
        let fixture = try SimulatorFixture { $0.faults = [stall] }
        let client = try fixture.client(configure: {
            $0.pingInterval = 0.2
            $0.pingTimeout = 0.5
            $0.retry = APNSRetryPolicy(maxRetries: 2, baseDelay: 0, maxDelay: 0)
        })
        #expect(try await client.send(try SimulatorFixture.request(3)).status == 200)
        await client.shutdown()
        #expect(fixture.simulator.accepted.map(\.token) == [SimulatorFixture.device(3)])
        #expect(fixture.simulator.statistics.stalled == 1)
    }

    @Test("after the server drops the connection, the next request opens a new one")
    func reconnectAfterDrop() async throws {
        let fixture = try SimulatorFixture()
        let client = try fixture.client()
        #expect(try await client.send(try SimulatorFixture.request(1)).status == 200)
        fixture.simulator.dropConnections()
        #expect(await eventually { fixture.simulator.statistics.openConnections == 0 })
        #expect(try await client.send(try SimulatorFixture.request(2)).status == 200)
        await client.shutdown()
        #expect(fixture.simulator.statistics.connections == 2 && fixture.simulator.acceptedCount == 2)
    }

    @Test("a restarted server on the same port: refused while down (a connect error), served once it is back")
    func reconnectAfterRestart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-apns-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixture = try SimulatorFixture { $0.tlsDirectory = folder.path }
        let client = try fixture.client()
        #expect(try await client.send(try SimulatorFixture.request(1)).status == 200)
        let port = fixture.simulator.port
        fixture.simulator.stop()
        var refused = try await #require(throws: APNSTransportError.self) { try await client.send(try SimulatorFixture.request(2)) }
        // A request that reaches the old connection before the client has read its close
        // fails as lost (a race a loaded machine shows); the next one cannot connect.
        if refused.kind == .connectionLost {
            refused = try await #require(throws: APNSTransportError.self) { try await client.send(try SimulatorFixture.request(2)) }
        }
        #expect(refused.kind == .connect, "\(refused)")
        var configuration = APNSSimulatorConfiguration()
        configuration.port = port
        configuration.tlsDirectory = folder.path
        configuration.trustedKeys = [
            .init(keyID: SimulatorFixture.keyID, teamID: SimulatorFixture.teamID, publicKey: try fixture.key.publicKey())
        ]
        let restarted = try APNSSimulator.start(configuration)
        defer { restarted.stop() }
        #expect(try await client.send(try SimulatorFixture.request(3)).status == 200)
        await client.shutdown()
        #expect(restarted.accepted.map(\.token) == [SimulatorFixture.device(3)])
    }

    @Test("many streams on a server allowing ten: never more than ten open at once")
    func streamLimit() async throws {
        let slow = try SimulatorFault(parsing: "*:delay:5")
        let fixture = try SimulatorFixture {
            $0.maxConcurrentStreams = 10; $0.faults = [slow]
        }
        let client = try fixture.client(configure: { $0.maxConcurrentStreams = 500 })
        let results = await client.send(batch: try (0..<300).map { try SimulatorFixture.request($0) })
        await client.shutdown()
        #expect(results.allSatisfy { (try? $0.get()) != nil })
        #expect(fixture.simulator.statistics.peakConcurrentStreams == 10)
        #expect(fixture.simulator.statistics.refusedStreams == 0 && fixture.simulator.acceptedCount == 300)
    }
}
