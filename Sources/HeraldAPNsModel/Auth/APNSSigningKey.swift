import COpenSSL
import Foundation
import HeraldCrypto

/// An APNs token-auth key: the P-256 private key of an `AuthKey_XXXXXXXXXX.p8` file.
///
/// Apple hands out the key as PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`); a SEC1
/// `EC PRIVATE KEY` is read too. Signing is thread-safe.
public final class APNSSigningKey: @unchecked Sendable {
    package let pointer: OpaquePointer

    private init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { EVP_PKEY_free(pointer) }

    /// Reads a key from PEM text; `source` names it in errors.
    public convenience init(pem: String, source: String = "the key") throws(APNSKeyError) {
        guard pem.contains("-----BEGIN") else {
            throw APNSKeyError(.notPEM, source: source, "not a PEM key (no -----BEGIN line); give the AuthKey_<KEYID>.p8 file from the Apple Developer account, unchanged")
        }
        let key: OpaquePointer
        do throws(OpenSSLError) {
            key = try EVPKey.readPrivate(pem: pem, operation: "reading \(source)")
        } catch {
            throw APNSKeyError(.openSSL(error), source: source, "not a readable PEM private key (\(error.message)); give the .p8 file as downloaded, with its BEGIN/END PRIVATE KEY lines")
        }
        try APNSSigningKey.requireP256(key, source: source) { EVP_PKEY_free(key) }
        self.init(owning: key)
    }

    /// Reads a `.p8` file.
    public convenience init(contentsOfFile path: String) throws(APNSKeyError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw APNSKeyError(.unreadable, source: path, "no such file, or it cannot be read; give the path of the AuthKey_<KEYID>.p8 file")
        }
        try self.init(pem: String(decoding: data, as: UTF8.self), source: path)
    }

    /// A fresh random P-256 key (for tests and the simulator).
    public static func generate() throws(OpenSSLError) -> APNSSigningKey {
        ERR_clear_error()
        guard let key = herald_generate_p256_key() else { throw OpenSSLError.drain("generating a P-256 key") }
        return APNSSigningKey(owning: key)
    }

    /// The key as PKCS#8 PEM, the form of Apple's `.p8` files.
    public func pkcs8PEM() throws(OpenSSLError) -> String {
        try EVPKey.privatePEM(pointer)
    }

    /// The matching public key.
    public func publicKey() throws(OpenSSLError) -> APNSPublicKey {
        let pem = try EVPKey.publicPEM(pointer)
        do throws(APNSKeyError) {
            return try APNSPublicKey(pem: pem)
        } catch {
            throw OpenSSLError(operation: "reading back the public key", code: 0, message: error.message)
        }
    }

    /// The ES256 signature of `message`: SHA-256, ECDSA P-256, as the 64-byte `r || s`.
    public func sign(_ message: [UInt8]) throws(OpenSSLError) -> [UInt8] {
        try ECDSASignature.raw(fromDER: EVPKey.sign(message, with: pointer))
    }

    /// Throws unless `key` is an EC key on P-256; runs `cleanup` before throwing.
    static func requireP256(_ key: OpaquePointer, source: String, cleanup: () -> Void) throws(APNSKeyError) {
        guard EVP_PKEY_get_base_id(key) == EVP_PKEY_EC else {
            cleanup()
            throw APNSKeyError(.notP256, source: source, "not an elliptic-curve key; APNs token auth needs the P-256 key of an AuthKey_<KEYID>.p8 file (an RSA or certificate key will not do)")
        }
        var name = [CChar](repeating: 0, count: 64)
        var length = 0
        let curve = EVP_PKEY_get_group_name(key, &name, name.count, &length) == 1
            ? String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) : "unknown"
        guard curve == "prime256v1" || curve == "P-256" else {
            cleanup()
            throw APNSKeyError(.notP256, source: source, "an elliptic-curve key on \(curve), not P-256; APNs signs tokens with ES256 (P-256)")
        }
    }
}
