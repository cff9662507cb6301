import Foundation
import HeraldAPNs
import HeraldAPNsSimulator
import HeraldCore
import Testing

@Suite("client delivers to the simulator")
struct ClientDeliveryTests {
    @Test("one notification: 200, the apns-id echoed, every header as built")
    func single() async throws {
        let fixture = try SimulatorFixture()
        let client = try fixture.client()
        let request = try APNSRequest(
            deviceToken: SimulatorFixture.device(7), payload: .object(["aps": .object(["content-available": .int(1)])]),
            pushType: .background, bundleID: "com.example.app", expiration: 1_900_000_000, collapseID: "c",
            apnsID: "9F1C0A6E-2B1D-4C1E-8F00-0123456789AB")
        let response = try await client.send(request)
        #expect(response.status == 200)
        #expect(response.apnsID == "9f1c0a6e-2b1d-4c1e-8f00-0123456789ab")
        let recorded = try #require(fixture.simulator.accepted.first)
        #expect(recorded.token == SimulatorFixture.device(7))
        #expect(recorded.pushType == "background" && recorded.priority == 5 && recorded.topic == "com.example.app")
        #expect(recorded.expiration == 1_900_000_000 && recorded.collapseID == "c")
        #expect(recorded.payload == request.payload)
        await client.shutdown()
    }

    @Test("every push type reaches the simulator with its topic suffix")
    func pushTypes() async throws {
        let fixture = try SimulatorFixture()
        let client = try fixture.client()
        for (n, type) in PushType.documented.enumerated() {
            _ = try await client.send(try SimulatorFixture.request(n, pushType: type))
        }
        let expected = Set(PushType.documented.map { "com.example.app" + $0.topicSuffix })
        #expect(Set(fixture.simulator.accepted.map(\.topic)) == expected)
        #expect(expected.contains("com.example.app.voip") && expected.contains("com.example.app.push-type.liveactivity"))
        #expect(fixture.simulator.accepted.first { $0.pushType == "liveactivity" }?.topic == "com.example.app.push-type.liveactivity")
        await client.shutdown()
    }

    @Test("a batch over several connections: every result 200, every notification recorded once")
    func batch() async throws {
        let fixture = try SimulatorFixture()
        let client = try fixture.client(configure: { $0.connections = 3; $0.maxConcurrentStreams = 20 })
        let requests = try (0..<600).map { try SimulatorFixture.request($0) }
        let results = await client.send(batch: requests)
        #expect(results.allSatisfy { (try? $0.get().status) == 200 })
        #expect(fixture.simulator.acceptedCount == 600)
        #expect(Set(fixture.simulator.accepted.map(\.token)).count == 600)
        #expect(fixture.simulator.statistics.connections == 3)
        await client.shutdown()
    }
}
