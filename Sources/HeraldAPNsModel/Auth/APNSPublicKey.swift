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
        let bytes = Array(pem.utf8)
        var key: OpaquePointer?
        do throws(OpenSSLError) {
            let bio = try MemoryBIO(reading: bytes, operation: "reading \(source)")
            key = pem.contains("PRIVATE KEY")
                ? PEM_read_bio_PrivateKey(bio.pointer, nil, nil, nil)
                : PEM_read_bio_PUBKEY(bio.pointer, nil, nil, nil)
            if key == nil { throw OpenSSLError.drain("reading \(source)") }
        } catch {
            throw APNSKeyError(.openSSL(error), source: source, "not a readable PEM key (\(error.message))")
        }
        guard let key else { throw APNSKeyError(.notPEM, source: source, "not a readable PEM key") }
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
        let bio = try MemoryBIO(operation: "writing the public key")
        guard PEM_write_bio_PUBKEY(bio.pointer, pointer) == 1 else { throw OpenSSLError.drain("writing the public key") }
        return bio.text
    }

    /// Whether `signature` (64-byte `r || s`) is this key's ES256 signature of `message`.
    public func verify(signature: [UInt8], of message: [UInt8]) -> Bool {
        ERR_clear_error()
        defer { ERR_clear_error() }
        guard let der = try? ECDSASignature.der(fromRaw: signature), let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, pointer) == 1 else { return false }
        let result = der.withUnsafeBufferPointer { sig in
            message.withUnsafeBufferPointer { EVP_DigestVerify(context, sig.baseAddress, sig.count, $0.baseAddress, $0.count) }
        }
        return result == 1
    }
}
