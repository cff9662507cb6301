import COpenSSL
import Foundation
import HeraldCrypto

/// The public half of a token-auth key: checks ES256 signatures (the simulator's side).
public final class APNSPublicKey: @unchecked Sendable {
    package let pointer: OpaquePointer

    deinit { EVP_PKEY_free(pointer) }

    /// Reads a PEM public key (`BEGIN PUBLIC KEY`), or takes the public half of a PEM private key.
    public init(pem: String, source: String = "the key") throws(APNSKeyError) {
        guard pem.contains("-----BEGIN") else {
            throw APNSKeyError(.notPEM, source: source, "not a PEM key (no -----BEGIN line); give a .p8 file or a public key PEM")
        }
        let key: OpaquePointer
        do throws(OpenSSLError) {
            let operation = "reading \(source)"
            if pem.contains("PRIVATE KEY") {
                key = try EVPKey.readPrivate(pem: pem, operation: operation)
            } else {
                key = try EVPKey.readPublic(pem: pem, operation: operation)
            }
        } catch {
            throw APNSKeyError(.openSSL(error), source: source, "not a readable PEM key (\(error.message))")
        }
        try APNSSigningKey.requireP256(key, source: source) { EVP_PKEY_free(key) }
        pointer = key
    }

    /// Reads a `.p8` or public-key PEM file.
    public convenience init(contentsOfFile path: String) throws(APNSKeyError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw APNSKeyError(.unreadable, source: path, "no such file, or it cannot be read; give a .p8 file or a public key PEM")
        }
        try self.init(pem: String(decoding: data, as: UTF8.self), source: path)
    }

    /// The key as `BEGIN PUBLIC KEY` PEM.
    public func pem() throws(OpenSSLError) -> String {
        try EVPKey.publicPEM(pointer)
    }

    /// Whether `signature` (64-byte `r || s`) is this key's ES256 signature of `message`.
    public func verify(signature: [UInt8], of message: [UInt8]) -> Bool {
        guard let der = try? ECDSASignature.der(fromRaw: signature) else { return false }
        return EVPKey.verify(der, of: message, with: pointer)
    }
}
