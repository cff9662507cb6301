import COpenSSL
import Foundation
import HeraldCrypto

/// The RSA private key of a Google service account: signs RS256 assertions.
///
/// Google hands out the key as PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`) inside the
/// service-account JSON file; a PKCS#1 `RSA PRIVATE KEY` is read too. Signing is thread-safe.
public final class RSASigningKey: @unchecked Sendable {
    package let pointer: OpaquePointer

    private init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { EVP_PKEY_free(pointer) }

    /// Reads a PEM private key that must be RSA; `field` names it in errors.
    public convenience init(pem: String, field: String = "private_key") throws(FCMServiceAccountError) {
        guard pem.contains("-----BEGIN") else {
            throw FCMServiceAccountError(
                .invalid, field: field,
                "not a PEM key (no -----BEGIN line); give the service-account file as downloaded from the Firebase console")
        }
        let key: OpaquePointer
        do throws(OpenSSLError) {
            key = try EVPKey.readPrivate(pem: pem, operation: "reading \(field)")
        } catch {
            throw FCMServiceAccountError(
                .invalid, field: field, "not a readable PEM private key (\(error.message)); give the service-account file as downloaded")
        }
        guard EVP_PKEY_get_base_id(key) == EVP_PKEY_RSA else {
            EVP_PKEY_free(key)
            throw FCMServiceAccountError(
                .invalid, field: field, "not an RSA key; Google signs service-account assertions with RS256, so the key must be RSA")
        }
        self.init(owning: key)
    }

    /// A fresh 2048-bit RSA key (for tests and the simulator).
    public static func generate(bits: UInt32 = 2048) throws(OpenSSLError) -> RSASigningKey {
        ERR_clear_error()
        guard let key = herald_generate_rsa_key(bits) else { throw OpenSSLError.drain("generating an RSA key") }
        return RSASigningKey(owning: key)
    }

    /// The key as PKCS#8 PEM, the form of a service-account file's `private_key`.
    public func pkcs8PEM() throws(OpenSSLError) -> String {
        try EVPKey.privatePEM(pointer)
    }

    /// The matching public key.
    public func publicKey() throws(OpenSSLError) -> RSAPublicKey {
        try RSAPublicKey(pem: EVPKey.publicPEM(pointer))
    }

    /// The RS256 signature of `message`: SHA-256, RSASSA-PKCS1-v1_5.
    public func sign(_ message: [UInt8]) throws(OpenSSLError) -> [UInt8] {
        try EVPKey.sign(message, with: pointer, configure: RSAPublicKey.pkcs1Padding)
    }
}
