import COpenSSL
import HeraldCrypto
import HeraldShared

/// An application server's VAPID key (RFC 8292): a P-256 key pair. Its public point, in
/// base64url, is the `applicationServerKey` a page passes to `pushManager.subscribe` and the
/// `k=` of every request's Authorization header. Signing is thread-safe.
public final class VAPIDKey: @unchecked Sendable {
    let pointer: OpaquePointer
    /// The 65-byte uncompressed public point.
    public let publicKey: [UInt8]

    private init(owning pointer: OpaquePointer) throws(OpenSSLError) {
        self.pointer = pointer
        do throws(OpenSSLError) {
            publicKey = try ECP256.point(of: pointer)
        } catch {
            EVP_PKEY_free(pointer)
            throw error
        }
    }

    deinit { EVP_PKEY_free(pointer) }

    /// A fresh random key pair.
    public static func generate() throws(OpenSSLError) -> VAPIDKey {
        try VAPIDKey(owning: ECP256.generate())
    }

    /// Reads a PKCS#8 (`BEGIN PRIVATE KEY`) or SEC1 (`BEGIN EC PRIVATE KEY`) PEM P-256 key;
    /// errors name `source`.
    public convenience init(pem: String, source: String = "vapid.privateKey") throws(WebPushError) {
        guard pem.contains("-----BEGIN") else {
            throw WebPushError(
                .badKey, field: source,
                "not a PEM key (no -----BEGIN line); give a P-256 private key as PKCS#8 or SEC1 PEM, e.g. from 'openssl ecparam -name prime256v1 -genkey'"
            )
        }
        let key: OpaquePointer
        do throws(OpenSSLError) {
            key = try EVPKey.readPrivate(pem: pem, operation: "reading \(source)")
        } catch {
            throw WebPushError(
                .badKey, field: source, "not a readable PEM private key (\(error.message)); give the key with its BEGIN/END lines")
        }
        guard ECP256.isP256(key) else {
            EVP_PKEY_free(key)
            throw WebPushError(.badKey, field: source, "not a P-256 elliptic-curve key; VAPID signs with ES256, which needs P-256")
        }
        do throws(OpenSSLError) {
            try self.init(owning: key)
        } catch {
            throw WebPushError(.openSSL(error), field: source, error.description)
        }
    }

    /// The private key as PKCS#8 PEM, to keep beside the server's other secrets.
    public func privateKeyPEM() throws(OpenSSLError) -> String {
        try EVPKey.privatePEM(pointer)
    }

    /// The public key as `BEGIN PUBLIC KEY` PEM (for verifiers such as PyJWT).
    public func publicKeyPEM() throws(OpenSSLError) -> String {
        try EVPKey.publicPEM(pointer)
    }

    /// The public point in base64url without padding: the `applicationServerKey`.
    public var applicationServerKey: String { Base64URL.encode(publicKey) }

    /// The ES256 signature of `message` (SHA-256, ECDSA P-256) as JOSE's 64-byte `r || s`.
    public func sign(_ message: [UInt8]) throws(OpenSSLError) -> [UInt8] {
        try ECDSASignature.raw(fromDER: EVPKey.sign(message, with: pointer))
    }
}
