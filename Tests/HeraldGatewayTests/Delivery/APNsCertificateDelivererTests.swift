import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldAPNsSimulator
import HeraldCore
import Testing

@testable import HeraldGateway
@testable import HeraldGatewayAPNs

/// The deliverer with certificate credentials: the certificate and its private key go to
/// the APNs transport's TLS context from memory, so no file anywhere holds them outside the gateway's database.
@Suite("APNsPushDeliverer with certificate credentials")
struct APNsCertificateDelivererTests {
    func notification(_ n: Int) -> OutgoingNotification {
        OutgoingNotification(
            deviceToken: String(format: "%064x", n), bundleID: "org.herald.demo", pushType: "alert", priority: 10, expiration: nil,
            collapseID: nil, apnsID: UUID().uuidString.lowercased(), payload: Array(#"{"aps":{"alert":"Hi"}}"#.utf8),
            publishID: "pub_1")
    }

    @Test("certificate credentials are accepted, and no file under the temporary folder holds the private key")
    func noFileHoldsTheKey() async throws {
        let temporary = FileManager.default.temporaryDirectory
        let before = Self.names(in: temporary)
        let certificate = try TestCertificate.make(commonName: "Apple Push Services: org.herald.demo", server: false)
        let keyPEM = try certificate.key.pkcs8PEM()
        var configuration = APNSSimulatorConfiguration()
        configuration.trustedCertificates = [certificate.der()]
        let simulator = try APNSSimulator.start(configuration)
        defer { simulator.stop() }
        let credentials = APNSCredentials(
            environment: .sandbox, method: .certificate(pem: try certificate.certificatePEM() + keyPEM), endpoint: simulator.url,
            caFile: simulator.caFile)
        let logger = CollectingLogger()
        let deliverer = APNsPushDeliverer(logger: logger)
        let sent = (1...3).map { notification($0) }
        #expect(await deliverer.deliver(sent, credentials: credentials) == sent.map { .accepted(apnsID: $0.apnsID) })
        #expect(simulator.acceptedCount == 3)
        // The client is kept: a second batch uses it, and it has written nothing either.
        #expect(await deliverer.deliver([notification(4)], credentials: credentials).count == 1)
        #expect(simulator.acceptedCount == 4)

        let added = Self.names(in: temporary).subtracting(before)
        // The deliverer used to write herald-apns-<UUID>.pem (the simulator's herald-apns-sim-* are its own).
        #expect(!added.contains { $0.hasPrefix("herald-apns-") && $0.hasSuffix(".pem") }, "\(added.sorted())")
        // Whatever other tests write meanwhile, none of it can hold this fresh key.
        let keyLines = keyPEM.split(separator: "\n").filter { !$0.hasPrefix("-----") && $0.count >= 16 }.map { Array($0.utf8) }
        try #require(keyLines.count >= 2)
        #expect(Self.files(under: temporary, containing: keyLines[1]).isEmpty)
        #expect(!logger.messages.contains { text in keyLines.contains { text.contains(String(decoding: $0, as: UTF8.self)) } })
    }

    @Test("a certificate PEM APNs cannot use fails the batch with a message that holds no key text")
    func unusablePEMIsNotLogged() async throws {
        let simulator = try APNSSimulator.start(APNSSimulatorConfiguration())
        defer { simulator.stop() }
        let secret = "c2VjcmV0LWtleS1ib2R5LXRoYXQtbXVzdC1ub3QtbGVhaw"
        for pem in [secret, "-----BEGIN CERTIFICATE-----\n\(secret)\n-----END CERTIFICATE-----\n-----BEGIN PRIVATE KEY-----\n\(secret)\n"] {
            let logger = CollectingLogger()
            let credentials = APNSCredentials(
                environment: .sandbox, method: .certificate(pem: pem), endpoint: simulator.url, caFile: simulator.caFile)
            let outcomes = await APNsPushDeliverer(logger: logger).deliver([notification(1)], credentials: credentials)
            guard case .transportFailure(let message)? = outcomes.first else {
                Issue.record("an unusable certificate cannot be sent with, got \(outcomes)")
                continue
            }
            #expect(!message.isEmpty && !message.contains(secret), "\(message)")
            #expect(!logger.messages.contains { $0.contains(secret) }, "\(logger.messages)")
        }
        #expect(simulator.acceptedCount == 0)
    }

    /// The names directly in `folder`.
    static func names(in folder: URL) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    }

    /// Regular files under `folder` (any depth, up to 16 MB each) whose bytes contain `needle`.
    static func files(under folder: URL, containing needle: [UInt8]) -> [String] {
        let keys: [URLResourceKey] = [.isRegularFileKey, .fileSizeKey]
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys, errorHandler: { _, _ in true }) else {
            return []
        }
        var found: [String] = []
        for case let url as URL in walk {
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true,
                (values.fileSize ?? 0) <= 16 << 20, let data = try? Data(contentsOf: url)
            else { continue }
            if data.range(of: Data(needle)) != nil { found.append(url.path) }
        }
        return found
    }
}
