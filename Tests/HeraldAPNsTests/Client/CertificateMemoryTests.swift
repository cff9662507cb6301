import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldAPNsSimulator
import HeraldCore
import Testing

/// Certificate auth from memory: the certificate and key go to OpenSSL as bytes, and
/// printing a certificate (or anything holding one) never shows the key or the password.
@Suite("certificate auth from memory")
struct CertificateMemoryTests {
    static let password = "p12-Pass-w0rd-7261"

    @Test("a certificate from memory (one PEM, certificate and key PEMs, .p12 bytes) is accepted; an untrusted one gets 403")
    func certificatesFromMemory() async throws {
        let trusted = try TestCertificate.make(commonName: "Apple Push Services: com.example.app", server: false)
        let stranger = try TestCertificate.make(commonName: "someone else", server: false)
        let certificatePEM = try trusted.certificatePEM()
        let keyPEM = try trusted.key.pkcs8PEM()
        let fixture = try SimulatorFixture { $0.trustedCertificates = [trusted.der()] }
        let cases: [(APNSClientCertificate, Bool)] = [
            (APNSClientCertificate(pem: certificatePEM + keyPEM), true),
            (APNSClientCertificate(pem: certificatePEM, keyPEM: keyPEM), true),
            (APNSClientCertificate(bytes: try trusted.pkcs12(password: Self.password), format: .p12, password: Self.password), true),
            (APNSClientCertificate(pem: try stranger.certificatePEM() + stranger.key.pkcs8PEM()), false),
        ]
        for (n, (certificate, accepted)) in cases.enumerated() {
            #expect(certificate.isInMemory && certificate.file == nil && certificate.keyFile == nil)
            let client = try client(certificate, fixture)
            if accepted {
                #expect(try await client.send(try SimulatorFixture.request(n)).status == 200, "\(certificate)")
            } else {
                let error = try await #require(throws: APNSError.self) { try await client.send(try SimulatorFixture.request(n)) }
                #expect(error.reason == .missingProviderToken)
            }
            await client.shutdown()
        }
        #expect(fixture.simulator.acceptedCount == 3)
    }

    @Test("a wrong .p12 password fails the connection with OpenSSL's text, which holds neither the password nor the key")
    func wrongPassword() async throws {
        let trusted = try TestCertificate.make(commonName: "Apple Push Services: com.example.app", server: false)
        let fixture = try SimulatorFixture { $0.trustedCertificates = [trusted.der()] }
        let certificate = APNSClientCertificate(bytes: try trusted.pkcs12(password: Self.password), format: .p12, password: "Wrong-Pass-1234")
        let client = try client(certificate, fixture)
        let error = try await #require(throws: APNSTransportError.self) { try await client.send(try SimulatorFixture.request(1)) }
        await client.shutdown()
        #expect(error.kind == .tls && !error.message.isEmpty, "\(error)")
        try Self.expectRedacted(error.description, key: try trusted.key.pkcs8PEM(), password: "Wrong-Pass-1234")
        #expect(fixture.simulator.acceptedCount == 0)
    }

    @Test("bytes that are empty or not PEM are a configuration error that names the size, not the bytes")
    func badBytes() throws {
        let fixture = try SimulatorFixture()
        #expect(throws: APNSConfigurationError.self) { try client(APNSClientCertificate(bytes: [], format: .pem), fixture) }
        let text = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC-secret-body"
        let error = try #require(throws: APNSConfigurationError.self) { try client(APNSClientCertificate(pem: text), fixture) }
        #expect(error.field == "certificate" && error.description.contains("\(text.utf8.count) bytes"))
        #expect(!error.description.contains("secret-body"))
        let badKey = try #require(throws: APNSConfigurationError.self) {
            try client(APNSClientCertificate(pem: "-----BEGIN CERTIFICATE-----\n", keyPEM: text), fixture)
        }
        #expect(badKey.field == "certificate key" && !badKey.description.contains("secret-body"))
    }

    @Test("description, debugDescription, interpolation and dump name the form and size, never the key or the password")
    func redacted() throws {
        let made = try TestCertificate.make(commonName: "Apple Push Services: com.example.app", server: false)
        let certificatePEM = try made.certificatePEM()
        let keyPEM = try made.key.pkcs8PEM()
        let certificates = [
            APNSClientCertificate(pem: certificatePEM + keyPEM, password: Self.password),
            APNSClientCertificate(pem: certificatePEM, keyPEM: keyPEM, password: Self.password),
            APNSClientCertificate(bytes: Array((certificatePEM + keyPEM).utf8), format: .pem),
        ]
        for certificate in certificates {
            let configuration = APNSClientConfiguration(authentication: .certificate(certificate), endpoint: .sandbox)
            var dumped = ""
            dump(configuration, to: &dumped)
            var dumpedCertificate = ""
            dump(certificate, to: &dumpedCertificate)
            let printed = [
                "\(certificate)", certificate.description, certificate.debugDescription, String(reflecting: certificate),
                "\(APNSAuthentication.certificate(certificate))", "\([certificate])", "\(configuration)", dumped, dumpedCertificate,
            ]
            for text in printed {
                try Self.expectRedacted(text, key: keyPEM, password: Self.password)
                #expect(!text.contains("BEGIN CERTIFICATE"), "\(text)")
            }
        }
        let (both, certificateOnly, keyOnly) = ((certificatePEM + keyPEM).utf8.count, certificatePEM.utf8.count, keyPEM.utf8.count)
        #expect(certificates[0].description == "APNSClientCertificate(certificate (PEM, in memory, \(both) bytes), password (redacted))")
        #expect(
            certificates[1].description
                == "APNSClientCertificate(certificate (PEM, in memory, \(certificateOnly) bytes), key (PEM, in memory, \(keyOnly) bytes), password (redacted))")
        #expect(certificates[2].debugDescription == "APNSClientCertificate(certificate (PEM, in memory, \(both) bytes))")
        let file = APNSClientCertificate(file: "/etc/apns/cert.p12", format: .p12, password: Self.password)
        #expect(file.description == "APNSClientCertificate(certificate (P12, file /etc/apns/cert.p12), password (redacted))")
        #expect(file.file == "/etc/apns/cert.p12" && !file.isInMemory)
    }

    func client(_ certificate: APNSClientCertificate, _ fixture: SimulatorFixture) throws -> APNSClient {
        try APNSClient(
            configuration: APNSClientConfiguration(
                authentication: .certificate(certificate), endpoint: .custom(url: fixture.simulator.url),
                caFile: fixture.simulator.caFile, retry: .none),
            clock: LiveServerClock())
    }

    /// Fails when `text` holds any line of `key`'s base64 body, the password, or PEM bytes
    /// printed as numbers.
    static func expectRedacted(_ text: String, key: String, password: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let body = key.split(separator: "\n").filter { !$0.hasPrefix("-----") && $0.count >= 16 }
        try #require(!body.isEmpty)
        for line in body { #expect(!text.contains(line), "key text in \(text)", sourceLocation: sourceLocation) }
        #expect(!text.contains("PRIVATE KEY"), "\(text)", sourceLocation: sourceLocation)
        #expect(!text.contains(password), "password in \(text)", sourceLocation: sourceLocation)
        #expect(!text.contains("45, 45, 45, 45, 45"), "PEM bytes in \(text)", sourceLocation: sourceLocation)
    }
}
