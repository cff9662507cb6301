import Foundation
import HeraldFCM
import HeraldFCMModel
import HeraldFCMSimulator
import HeraldShared
import HeraldTestSupport
import Testing

@Suite("The FCM client against herald fcm-sim")
struct FCMClientTests {
    @Test("a send is accepted and recorded; the access token is fetched once for many sends")
    func send() async throws {
        try await withTemporaryFile { record in
            try await withSimulator({ $0.recordFile = record }) { simulator, client in
                var message = FCMMessage(token: "device-1", notification: .init(title: "Hi", body: "There"), data: ["k": "v"])
                message.android = .init(ttl: 60, priority: .high, notification: .init(channelID: "news"))
                let name = try await client.send(message)
                #expect(name.hasPrefix("projects/herald-sim/messages/"))
                _ = try await client.send(FCMMessage(token: "device-2"))
                #expect(simulator.accepted.map { $0["token"]?.stringValue } == ["device-1", "device-2"])
                #expect(simulator.accepted.first?["android"]?["ttl"]?.stringValue == "60s")
                #expect(client.tokens.fetchCount == 1 && simulator.statistics.tokensIssued == 1)
                let lines = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n")
                #expect(lines.count == 2)
                let first = try JSONParser().parse(Array(lines[0].utf8))
                #expect(first["name"]?.stringValue == name && first["message"]?["data"]?["k"]?.stringValue == "v")
            }
        }
    }

    @Test(
        "each fault maps to its class",
        arguments: [
            ("unregistered-1", FCMErrorClass.invalidToken, "UNREGISTERED"),
            ("mismatch-1", .invalidToken, "SENDER_ID_MISMATCH"),
            ("quota-1", .retryAfter, "QUOTA_EXCEEDED"),
            ("invalid-1", .unsendable, "INVALID_ARGUMENT"),
            ("unavailable-1", .backOff, "UNAVAILABLE"),
            ("internal-1", .backOff, "INTERNAL"),
        ])
    func faults(token: String, expected: FCMErrorClass, code: String) async throws {
        try await withSimulator({ _ in }, client: { $0.maxRetries = 1 }) { simulator, client in
            let error = await #expect(throws: FCMError.self) { try await client.send(FCMMessage(token: token)) }
            #expect(error?.errorClass == expected)
            #expect(error?.code.text == code)
            if code == "QUOTA_EXCEEDED" { #expect(error?.retryAfter == 30) }
            // Back-off failures are retried (maxRetries 1: two attempts); the others are not.
            #expect(simulator.statistics.rejected[code] == (expected == .backOff ? 2 : 1))
            #expect(simulator.accepted.isEmpty)
        }
    }

    @Test("UNAVAILABLE is retried with backoff until it succeeds")
    func retries() async throws {
        try await withSimulator({ $0.faults = [.unavailable(times: 2)] }) { simulator, client in
            _ = try await client.send(FCMMessage(token: "device"))
            #expect(simulator.statistics.rejected["UNAVAILABLE"] == 2)
            #expect(simulator.accepted.count == 1)
        }
    }

    @Test("a stalled send times out with a transport error; a token endpoint that is down is back-off")
    func stallAndTokenDown() async throws {
        try await withSimulator({ _ in }, client: { ($0.requestTimeout, $0.maxRetries) = (0.5, 0) }) { _, client in
            let error = await #expect(throws: TransportError.self) { try await client.send(FCMMessage(token: "stall-1")) }
            #expect(error?.kind == .timedOut)
        }
        try await withSimulator({ $0.faults = [.tokenEndpointDown] }, client: { $0.maxRetries = 0 }) { simulator, client in
            let error = await #expect(throws: FCMError.self) { try await client.send(FCMMessage(token: "device")) }
            #expect(error?.errorClass == .backOff && error?.status == 503)
            #expect(simulator.statistics.tokenRequests == 1 && simulator.accepted.isEmpty)
        }
    }

    @Test("an access token close to expiry is refreshed; one FCM refuses is renewed once and the send goes through")
    func refresh() async throws {
        let clock = ManualServerClock()
        try await withSimulator({ _ in }, clock: clock) { simulator, client in
            _ = try await client.send(FCMMessage(token: "a"))
            clock.advance(by: 3600 - 299)
            _ = try await client.send(FCMMessage(token: "b"))
            #expect(client.tokens.fetchCount == 2 && simulator.statistics.tokensIssued == 2)
            simulator.revokeTokens()
            _ = try await client.send(FCMMessage(token: "c"))
            #expect(client.tokens.fetchCount == 3)
            #expect(simulator.statistics.rejected["UNAUTHENTICATED"] == 1)
            #expect(simulator.accepted.count == 3)
        }
    }

    @Test("an access token past its expiry on the server is refused with 401; the client renews it and the send goes through")
    func expiredOnServer() async throws {
        let offset = Locked(0.0)
        try await withSimulator({
            $0.tokenLifetime = 600
            $0.now = { Date().timeIntervalSince1970 + offset.current }
        }) { simulator, client in
            _ = try await client.send(FCMMessage(token: "a"))
            offset.withLock { $0 = 700 }
            _ = try await client.send(FCMMessage(token: "b"))
            #expect(simulator.statistics.rejected["UNAUTHENTICATED"] == 1)
            #expect(client.tokens.fetchCount == 2 && simulator.accepted.count == 2)
        }
    }

    @Test("an assertion signed with another key is refused as credentials refused; nothing is sent")
    func wrongKey() async throws {
        try await withSimulator({ _ in }, client: { $0.serviceAccount.privateKey = try! RSASigningKey.generate() }) { simulator, client in
            let error = await #expect(throws: FCMError.self) { try await client.send(FCMMessage(token: "device")) }
            #expect(error?.errorClass == .credentialsRefused)
            #expect(error?.code == .tokenRefused("invalid_grant"))
            #expect(simulator.statistics.tokensRefused == 1 && simulator.accepted.isEmpty)
        }
    }

    @Test("another project is permission denied: credentials refused")
    func wrongProject() async throws {
        try await withSimulator({ _ in }, client: { $0.serviceAccount.projectID = "someone-else" }) { _, client in
            let error = await #expect(throws: FCMError.self) { try await client.send(FCMMessage(token: "device")) }
            #expect(error?.errorClass == .credentialsRefused && error?.code == .permissionDenied)
        }
    }

    @Test("a batch is sent over concurrent streams; results come back in order")
    func batch() async throws {
        try await withSimulator { simulator, client in
            let messages = (0..<200).map { FCMMessage(token: $0 % 50 == 7 ? "unregistered-\($0)" : "device-\($0)") }
            let results = await client.send(batch: messages)
            #expect(results.count == 200)
            for (index, result) in results.enumerated() {
                switch result {
                case .success(let name): #expect(index % 50 != 7 && name.hasPrefix("projects/"))
                case .failure(let error): #expect(index % 50 == 7 && (error as? FCMError)?.errorClass == .invalidToken)
                }
            }
            #expect(simulator.accepted.count == 196)
            #expect(client.tokens.fetchCount == 1)
            #expect(simulator.statistics.connections == 1)
            #expect(simulator.statistics.peakConcurrentStreams > 1, "many streams at once on the one connection")
        }
    }

    @Test("a send after shutdown fails at once with a shut-down transport error, not retried")
    func afterShutdown() async throws {
        try await withSimulator({ _ in }, client: { $0.backoff = Backoff(base: 30, cap: 30) }) { simulator, client in
            _ = try await client.send(FCMMessage(token: "a"))
            await client.shutdown()
            let start = Date()
            let error = await #expect(throws: TransportError.self) { try await client.send(FCMMessage(token: "b")) }
            #expect(error?.kind == .shutDown)
            #expect(Date().timeIntervalSince(start) < 5, "no retry waits out the 30 s backoff")
            #expect(simulator.accepted.count == 1)
        }
    }

    @Test("a message over FCM's limits is refused before sending; a bad CA file is a configuration error")
    func refusedBeforeSending() async throws {
        try await withSimulator { simulator, client in
            await #expect(throws: FCMMessageError.self) { try await client.send(FCMMessage(token: "d", data: ["google.x": "1"])) }
            #expect(simulator.statistics.tokenRequests == 0)
            var configuration = client.configuration
            configuration.caFile = "/nonexistent/ca.pem"
            let error = #expect(throws: FCMConfigurationError.self) { try FCMClient(configuration: configuration) }
            #expect(error?.field == "CA file")
            configuration.caFile = client.configuration.caFile
            configuration.connections = 0
            #expect(#expect(throws: FCMConfigurationError.self) { try FCMClient(configuration: configuration) }?.field == "connections")
            configuration.connections = 1
            configuration.maxConcurrentStreams = 10_001
            let streams = #expect(throws: FCMConfigurationError.self) { try FCMClient(configuration: configuration) }
            #expect(streams?.field == "max concurrent streams")
        }
    }
}
