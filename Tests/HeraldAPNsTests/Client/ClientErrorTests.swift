import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldAPNsSimulator
import HeraldCore
import HeraldTestSupport
import Testing

@Suite("every error class, from the simulator through the client")
struct ClientErrorTests {
    @Test("faults come back as APNSError with status, reason, class and the 410 timestamp")
    func classes() async throws {
        let cases: [(Int, String, Int, APNSErrorClass)] = [
            (1, "410:Unregistered", 410, .invalidToken), (2, "400:BadDeviceToken", 400, .invalidToken),
            (3, "429:TooManyRequests", 429, .retryAfter), (4, "500:InternalServerError", 500, .backOff),
            (5, "503:ServiceUnavailable", 503, .backOff), (6, "403:InvalidProviderToken", 403, .permanent),
            (7, "400:TopicDisallowed", 400, .permanent), (8, "400:SomethingApple", 400, .permanent),
        ]
        let faults = try cases.map { try SimulatorFault(parsing: "\(SimulatorFixture.device($0.0)):\($0.1)") }
        let fixture = try SimulatorFixture { $0.faults = faults }
        let client = try fixture.client()
        for (n, fault, status, errorClass) in cases {
            let error = try await #require(throws: APNSError.self) { try await client.send(try SimulatorFixture.request(n)) }
            #expect(error.status == status, "\(fault)")
            #expect(error.reason.text == String(fault.split(separator: ":")[1]), "\(fault)")
            #expect(error.errorClass == errorClass, "\(fault)")
            #expect(error.apnsID != nil)
            #expect((error.timestamp != nil) == (status == 410), "\(fault)")
        }
        #expect(fixture.simulator.acceptedCount == 0)
        await client.shutdown()
    }

    @Test("a batch classifies its refusals like single sends; each request is sent once")
    func batchClasses() async throws {
        let cases: [Int: (Int, APNSErrorClass)] = [
            1: (410, .invalidToken), 2: (400, .invalidToken), 3: (429, .retryAfter), 4: (500, .backOff), 5: (403, .permanent),
        ]
        let faults = try [
            "1:410:Unregistered", "2:400:BadDeviceToken", "3:429:TooManyRequests", "4:500:InternalServerError", "5:403:InvalidProviderToken",
        ].map { spec in
            let parts = spec.split(separator: ":", maxSplits: 1)
            return try SimulatorFault(parsing: "\(SimulatorFixture.device(Int(parts[0])!)):\(parts[1])")
        }
        let fixture = try SimulatorFixture { $0.faults = faults }
        let client = try fixture.client(configure: { $0.retry = .none })
        let results = await client.send(batch: try (0..<30).map { try SimulatorFixture.request($0) })
        #expect(results.count == 30)
        for (n, result) in results.enumerated() {
            if let (status, errorClass) = cases[n] {
                let error = try #require(throws: APNSError.self) { try result.get() }
                #expect(error.status == status && error.errorClass == errorClass, "\(n)")
            } else {
                #expect((try? result.get())?.status == 200, "\(n)")
            }
        }
        #expect(fixture.simulator.acceptedCount == 25)
        #expect(fixture.simulator.statistics.requests == 30)
        await client.shutdown()
    }

    @Test("invalid requests never reach the wire; a wrong key is InvalidProviderToken")
    func invalid() async throws {
        let fixture = try SimulatorFixture()
        var configuration = APNSClientConfiguration(
            authentication: .token(try APNSTokenSigner(key: try APNSSigningKey.generate(), keyID: SimulatorFixture.keyID, teamID: SimulatorFixture.teamID)),
            endpoint: .custom(url: fixture.simulator.url), caFile: fixture.simulator.caFile, retry: .none)
        let stranger = try APNSClient(configuration: configuration, clock: LiveServerClock())
        let error = try await #require(throws: APNSError.self) { try await stranger.send(try SimulatorFixture.request(1)) }
        #expect(error.reason == .invalidProviderToken && error.errorClass == .permanent)
        await stranger.shutdown()
        configuration.caFile = "/no/such/ca.pem"
        let badCA = #expect(throws: APNSConfigurationError.self) { try APNSClient(configuration: configuration, clock: LiveServerClock()) }
        #expect(badCA?.field == "CA file")
        configuration.caFile = fixture.simulator.caFile
        configuration.connections = 65
        let badPool = #expect(throws: APNSConfigurationError.self) { try APNSClient(configuration: configuration, clock: LiveServerClock()) }
        #expect(badPool?.field == "connections")
        #expect(fixture.simulator.statistics.requests == 1)
    }

    @Test("an expired provider token is renewed once and the request sent again")
    func expiredToken() async throws {
        let fixture = try SimulatorFixture()
        let calls = Locked(0)
        let client = try fixture.client(wallClock: {
            let call = calls.withLock { count -> Int in
                count += 1
                return count
            }
            return Int(Date().timeIntervalSince1970) - (call == 1 ? 4000 : 0)
        })
        let response = try await client.send(try SimulatorFixture.request(1))
        #expect(response.status == 200)
        #expect(calls.current == 2)
        #expect(fixture.simulator.statistics.rejected == ["ExpiredProviderToken": 1])
        await client.shutdown()
    }

    @Test("a timeout is a transport error of class back-off")
    func timeout() async throws {
        let slow = try SimulatorFault(parsing: "\(SimulatorFixture.device(1)):delay:3000")
        let fixture = try SimulatorFixture { $0.faults = [slow] }
        let client = try fixture.client(configure: { $0.requestTimeout = 0.3 })
        let error = try await #require(throws: APNSTransportError.self) { try await client.send(try SimulatorFixture.request(1)) }
        #expect(error.kind == .timedOut && error.errorClass == .backOff, "\(error)")
        await client.shutdown()
    }

    @Test("503 is retried after the backoff on the injected clock, then succeeds")
    func backoffOnVirtualClock() async throws {
        let once = try SimulatorFault(parsing: "\(SimulatorFixture.device(1))#1:503:ServiceUnavailable")
        let fixture = try SimulatorFixture { $0.faults = [once] }
        let clock = ManualServerClock()
        let client = try fixture.client(clock: clock, configure: { $0.retry = APNSRetryPolicy(maxRetries: 1, baseDelay: 30, maxDelay: 60) })
        let sending = Task { try await client.send(try SimulatorFixture.request(1)) }
        #expect(await eventually { clock.nextDeadline == 30 })
        #expect(fixture.simulator.acceptedCount == 0)
        clock.advance(by: 29)
        #expect(fixture.simulator.statistics.requests == 1)
        clock.advance(by: 1)
        #expect(try await sending.value.status == 200)
        #expect(fixture.simulator.acceptedCount == 1)
        await client.shutdown()
    }
}
