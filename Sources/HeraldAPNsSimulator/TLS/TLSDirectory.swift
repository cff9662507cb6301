import Foundation
import HeraldAPNsModel
import HeraldCrypto

/// The simulator's TLS files in one folder: `ca.pem` (its self-signed certificate,
/// which clients trust) and `key.pem`. Made on first use, loaded after that.
public struct TLSDirectory: Sendable {
    public let path: String
    /// The file clients pass as their CA (`herald send --ca`, `curl --cacert`).
    public var caFile: String { path + "/ca.pem" }
    public var keyFile: String { path + "/key.pem" }

    public init(path: String) {
        self.path = path
    }

    /// Loads the certificate and key, or makes and writes them when either is missing.
    public func loadOrMake() throws(APNSKeyError) -> TestCertificate {
        let files = FileManager.default
        if let cert = files.contents(atPath: caFile), let key = files.contents(atPath: keyFile) {
            return try TestCertificate(certificatePEM: String(decoding: cert, as: UTF8.self), keyPEM: String(decoding: key, as: UTF8.self), source: caFile)
        }
        do {
            try files.createDirectory(atPath: path, withIntermediateDirectories: true)
            let made = try TestCertificate.make(commonName: "herald apns-sim", server: true)
            try Data(made.certificatePEM().utf8).write(to: URL(fileURLWithPath: caFile))
            try Data(made.key.pkcs8PEM().utf8).write(to: URL(fileURLWithPath: keyFile), options: .atomic)
            try files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile)
            return made
        } catch let error as OpenSSLError {
            throw APNSKeyError(.openSSL(error), source: path, "could not make the TLS certificate: \(error)")
        } catch {
            throw APNSKeyError(.unreadable, source: path, "could not write the TLS files (\(error.localizedDescription)); give a writable --tls-dir")
        }
    }
}
