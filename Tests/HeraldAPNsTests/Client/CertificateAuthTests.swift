import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldAPNsSimulator
import HeraldCore
import Testing

@Suite("certificate auth")
struct CertificateAuthTests {
    @Test("a trusted client certificate (PEM and .p12) is accepted without a token; an untrusted one gets 403")
    func certificates() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-cert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let trusted = try TestCertificate.make(commonName: "Apple Push Services: com.example.app", server: false)
            let stranger = try TestCertificate.make(commonName: "someone else", server: false)
            let pem = folder.appendingPathComponent("cert.pem").path
            try Data((try trusted.certificatePEM() + trusted.key.pkcs8PEM()).utf8).write(to: URL(fileURLWithPath: pem))
            let p12 = folder.appendingPathComponent("cert.p12").path
            try Data(try trusted.pkcs12(password: "secret")).write(to: URL(fileURLWithPath: p12))
            let strangerPEM = folder.appendingPathComponent("stranger.pem").path
            try Data((try stranger.certificatePEM() + stranger.key.pkcs8PEM()).utf8).write(to: URL(fileURLWithPath: strangerPEM))
            let fixture = try SimulatorFixture { $0.trustedCertificates = [trusted.der()] }
            let cases: [(APNSClientCertificate, Bool)] = [
                (APNSClientCertificate(file: pem, format: .pem), true),
                (APNSClientCertificate(file: p12, format: .p12, password: "secret"), true),
                (APNSClientCertificate(file: strangerPEM, format: .pem), false),
            ]
            for (n, (certificate, accepted)) in cases.enumerated() {
                let client = try APNSClient(
                    configuration: APNSClientConfiguration(
                        authentication: .certificate(certificate), endpoint: .custom(url: fixture.simulator.url),
                        caFile: fixture.simulator.caFile, retry: .none),
                    clock: LiveServerClock())
                if accepted {
                    #expect(try await client.send(try SimulatorFixture.request(n)).status == 200, "\(certificate)")
                } else {
                    let error = try await #require(throws: APNSError.self) { try await client.send(try SimulatorFixture.request(n)) }
                    #expect(error.reason == .missingProviderToken)
                }
                await client.shutdown()
            }
            #expect(fixture.simulator.acceptedCount == 2)
        }
    }
}
