import COpenSSL
import HeraldCrypto

/// The public half of a service account's key: checks RS256 signatures (the simulator's side).
public final class RSAPublicKey: @unchecked Sendable {
    package let pointer: OpaquePointer

    deinit { EVP_PKEY_free(pointer) }

    /// Reads a `BEGIN PUBLIC KEY` PEM that must be RSA.
    public init(pem: String) throws(OpenSSLError) {
        let key = try EVPKey.readPublic(pem: pem, operation: "reading the public key")
        guard EVP_PKEY_get_base_id(key) == EVP_PKEY_RSA else {
            EVP_PKEY_free(key)
            throw OpenSSLError(operation: "reading the public key", code: 0, message: "not an RSA key")
        }
        pointer = key
    }

    /// Whether `signature` is this key's RS256 signature (SHA-256, PKCS#1 v1.5) of `message`.
    public func verify(signature: [UInt8], of message: [UInt8]) -> Bool {
        EVPKey.verify(signature, of: message, with: pointer, configure: Self.pkcs1Padding)
    }

    /// Sets RS256's padding, PKCS#1 v1.5, on a signing or verifying key context.
    static func pkcs1Padding(_ keyContext: OpaquePointer?) -> Bool {
        EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PADDING) == 1
    }
}
