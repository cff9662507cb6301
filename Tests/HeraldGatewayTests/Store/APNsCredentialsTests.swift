import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldAPNsSimulator
import Testing

@testable import HeraldGateway
@testable import HeraldStore

/// Credentials reach log lines and test failures: printing them shows the method, ids,
/// environment and sizes, never the private key.
@Suite("APNs credentials printing")
struct APNSCredentialsTests {
    @Test("interpolation, description, debugDescription and dump of credentials (and of an app) hold no key text")
    func redacted() throws {
        let certificate = try TestCertificate.make(commonName: "Apple Push Services: org.herald.demo", server: false)
        let certificatePEM = try certificate.certificatePEM() + certificate.key.pkcs8PEM()
        let tokenPEM = try APNSSigningKey.generate().pkcs8PEM()
        let token = APNSCredentials(
            environment: .production, method: .token(keyID: "KEY1234567", teamID: "TEAM123456", privateKeyPEM: tokenPEM))
        let byCertificate = APNSCredentials(
            environment: .sandbox, method: .certificate(pem: certificatePEM), endpoint: "https://127.0.0.1:2197", caFile: "ca.pem")
        let app = AppRecord(
            id: "app_1", name: "Demo", bundleID: "org.herald.demo", serverKeyHash: "s", clientKeyHash: "c",
            credentials: [token, byCertificate], createdAt: 0)
        let secrets = [tokenPEM, certificatePEM].flatMap { pem in
            pem.split(separator: "\n").filter { !$0.hasPrefix("-----") && $0.count >= 16 }.map(String.init)
        }
        try #require(secrets.count >= 4)
        var printed: [String] = []
        for credentials in [token, byCertificate] {
            var dumped = ""
            dump(credentials, to: &dumped)
            printed += [
                "\(credentials)", credentials.description, credentials.debugDescription, String(reflecting: credentials),
                "\(credentials.method)", String(reflecting: credentials.method), "\([credentials])", dumped,
            ]
        }
        var dumpedApp = ""
        dump(app, to: &dumpedApp)
        printed += ["\(app)", String(reflecting: app), dumpedApp, "\(Optional(token) as Any)"]
        for text in printed {
            #expect(!secrets.contains { text.contains($0) }, "key text in \(text)")
            #expect(!text.contains("PRIVATE KEY") && !text.contains("BEGIN CERTIFICATE"), "\(text)")
        }
        #expect(
            token.description
                == "APNSCredentials(production, token (key id KEY1234567, team id TEAM123456, private key PEM, \(tokenPEM.utf8.count) bytes))")
        #expect(
            byCertificate.description
                == "APNSCredentials(sandbox, certificate (PEM, \(certificatePEM.utf8.count) bytes), endpoint https://127.0.0.1:2197, CA file ca.pem)")
        #expect(dumpedApp.contains("KEY1234567") && dumpedApp.contains("certificate (PEM,"))
    }

    @Test("redaction changes printing only: credentials still compare and hash by their key")
    func equality() throws {
        let pem = try APNSSigningKey.generate().pkcs8PEM()
        let other = try APNSSigningKey.generate().pkcs8PEM()
        let a = APNSCredentials(environment: .sandbox, method: .certificate(pem: pem))
        let b = APNSCredentials(environment: .sandbox, method: .certificate(pem: other))
        #expect(a != b && Set([a, b, a]).count == 2)
    }
}
