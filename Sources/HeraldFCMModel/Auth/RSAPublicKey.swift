import COpenSSL
import HeraldCrypto

/// The public half of a service account's key: checks RS256 signatures (the simulator's side).
public final class RSAPublicKey: @unchecked Sendable {
    package let pointer: OpaquePointer

    deinit { EVP_PKEY_free(pointer) }

    /// Reads a `BEGIN PUBLIC KEY` PEM that must be RSA.
    public init(pem: String) throws(OpenSSLError) {
        let bio = try MemoryBIO(reading: Array(pem.utf8), operation: "reading the public key")
        guard let key = PEM_read_bio_PUBKEY(bio.pointer, nil, nil, nil) else { throw OpenSSLError.drain("reading the public key") }
        guard EVP_PKEY_get_base_id(key) == EVP_PKEY_RSA else {
            EVP_PKEY_free(key)
            throw OpenSSLError(operation: "reading the public key", code: 0, message: "not an RSA key")
        }
        pointer = key
    }

    /// Whether `signature` is this key's RS256 signature (SHA-256, PKCS#1 v1.5) of `message`.
    public func verify(signature: [UInt8], of message: [UInt8]) -> Bool {
        ERR_clear_error()
        defer { ERR_clear_error() }
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        var keyContext: OpaquePointer?
        guard EVP_DigestVerifyInit(context, &keyContext, EVP_sha256(), nil, pointer) == 1,
            EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PADDING) == 1
        else { return false }
        let result = signature.withUnsafeBufferPointer { sig in
            message.withUnsafeBufferPointer { EVP_DigestVerify(context, sig.baseAddress, sig.count, $0.baseAddress, $0.count) }
        }
        return result == 1
    }
}
