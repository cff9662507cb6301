import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldAPNsSimulator
import HeraldCore
import HeraldTestSupport
import Testing

/// The transport's TLS checks: the server's certificate must name the host, and the
/// server must agree to HTTP/2 by ALPN; each refusal is a clear `APNSTransportError`.
@Suite("transport TLS: ALPN h2 required, certificate names checked")
struct TransportTLSTests {
    func send(to url: String, caFile: String, connectTimeout: Double = 60) async throws -> APNSTransportError {
        let signer = try APNSTokenSigner(key: try APNSSigningKey.generate(), keyID: SimulatorFixture.keyID, teamID: SimulatorFixture.teamID)
        let client = try APNSClient(
            configuration: APNSClientConfiguration(
                authentication: .token(signer), endpoint: .custom(url: url), caFile: caFile, connectTimeout: connectTimeout, retry: .none
            ),
            clock: LiveServerClock())
        let error = await #expect(throws: APNSTransportError.self) { try await client.send(try SimulatorFixture.request(1)) }
        await client.shutdown()
        return try #require(error)
    }

    @Test("a server that offers only http/1.1 is refused: ALPN h2 is required")
    func alpnRefused() async throws {
        let server = try TLSTestServer(alpn: ["http/1.1"])
        defer { server.stop() }
        let error = try await send(to: "https://127.0.0.1:\(server.port)", caFile: server.caFile)
        #expect(error.kind == .alpn && error.message.contains("ALPN h2"), "\(error)")
    }

    @Test("a certificate for another name is refused, by host name and by address")
    func nameMismatch() async throws {
        let server = try TLSTestServer(names: "DNS:apns.example.invalid", alpn: ["h2"])
        defer { server.stop() }
        let byName = try await send(to: "https://localhost:\(server.port)", caFile: server.caFile)
        #expect(byName.kind == .tls && byName.message.contains("hostname mismatch"), "\(byName)")
        let byAddress = try await send(to: "https://127.0.0.1:\(server.port)", caFile: server.caFile)
        #expect(byAddress.kind == .tls && byAddress.message.contains("IP address mismatch"), "\(byAddress)")
    }

    @Test("a server that completes TLS with h2 but never sends SETTINGS: the connect timeout ends the attempt")
    func noSettings() async throws {
        let server = try TLSTestServer(alpn: ["h2"])
        defer { server.stop() }
        let error = try await send(to: "https://127.0.0.1:\(server.port)", caFile: server.caFile, connectTimeout: 0.5)
        #expect(error.kind == .connect && error.message.contains("within 0.5 s"), "\(error)")
    }

    @Test("a certificate no trusted CA signed is refused")
    func untrusted() async throws {
        let server = try TLSTestServer(alpn: ["h2"])
        defer { server.stop() }
        let other = try TLSTestServer(alpn: ["h2"])
        defer { other.stop() }
        let error = try await send(to: "https://127.0.0.1:\(server.port)", caFile: other.caFile)
        #expect(error.kind == .tls && error.message.contains("certificate"), "\(error)")
    }

    @Test("the simulator by name and by address: its certificate names both")
    func simulatorNames() async throws {
        let fixture = try SimulatorFixture()
        for host in ["localhost", "127.0.0.1"] {
            let client = try APNSClient(
                configuration: APNSClientConfiguration(
                    authentication: .token(fixture.signer), endpoint: .custom(url: "https://\(host):\(fixture.simulator.port)"),
                    caFile: fixture.simulator.caFile, retry: .none),
                clock: LiveServerClock())
            #expect(try await client.send(try SimulatorFixture.request(1)).status == 200)
            await client.shutdown()
        }
    }
}
