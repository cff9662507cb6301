import COpenSSL

/// The `EVP_PKEY` calls every key type shares: PEM in and out, SHA-256 digest signatures.
///
/// The key types (`APNSSigningKey`, `RSASigningKey` and their public halves) own the pointer
/// and check its algorithm; these helpers only move bytes through OpenSSL.
package enum EVPKey {
    /// Reads a PEM private key (PKCS#8, SEC1 or PKCS#1); the caller frees it.
    package static func readPrivate(pem: String, operation: String) throws(OpenSSLError) -> OpaquePointer {
        let bio = try MemoryBIO(reading: Array(pem.utf8), operation: operation)
        guard let key = PEM_read_bio_PrivateKey(bio.pointer, nil, nil, nil) else { throw OpenSSLError.drain(operation) }
        return key
    }

    /// Reads a `BEGIN PUBLIC KEY` PEM; the caller frees it.
    package static func readPublic(pem: String, operation: String) throws(OpenSSLError) -> OpaquePointer {
        let bio = try MemoryBIO(reading: Array(pem.utf8), operation: operation)
        guard let key = PEM_read_bio_PUBKEY(bio.pointer, nil, nil, nil) else { throw OpenSSLError.drain(operation) }
        return key
    }

    /// `key` as PKCS#8 PEM (`BEGIN PRIVATE KEY`).
    package static func privatePEM(_ key: OpaquePointer) throws(OpenSSLError) -> String {
        let bio = try MemoryBIO(operation: "writing the private key")
        guard PEM_write_bio_PrivateKey(bio.pointer, key, nil, nil, 0, nil, nil) == 1 else {
            throw OpenSSLError.drain("writing the private key")
        }
        return bio.text
    }

    /// The public half of `key` as `BEGIN PUBLIC KEY` PEM.
    package static func publicPEM(_ key: OpaquePointer) throws(OpenSSLError) -> String {
        let bio = try MemoryBIO(operation: "writing the public key")
        guard PEM_write_bio_PUBKEY(bio.pointer, key) == 1 else { throw OpenSSLError.drain("writing the public key") }
        return bio.text
    }

    /// `key`'s SHA-256 signature of `message`, as OpenSSL writes it (DER for ECDSA);
    /// `configure` sets up the key context (an RSA padding) and says whether that worked.
    package static func sign(
        _ message: [UInt8], with key: OpaquePointer, configure: (OpaquePointer?) -> Bool = { _ in true }
    ) throws(OpenSSLError) -> [UInt8] {
        ERR_clear_error()
        guard let context = EVP_MD_CTX_new() else { throw OpenSSLError.drain("signing") }
        defer { EVP_MD_CTX_free(context) }
        var keyContext: OpaquePointer?
        guard EVP_DigestSignInit(context, &keyContext, EVP_sha256(), nil, key) == 1, configure(keyContext) else {
            throw OpenSSLError.drain("signing")
        }
        var length = 0
        guard message.withUnsafeBufferPointer({ EVP_DigestSign(context, nil, &length, $0.baseAddress, $0.count) }) == 1 else {
            throw OpenSSLError.drain("signing")
        }
        var signature = [UInt8](repeating: 0, count: length)
        let ok = signature.withUnsafeMutableBufferPointer { out in
            message.withUnsafeBufferPointer { EVP_DigestSign(context, out.baseAddress, &length, $0.baseAddress, $0.count) }
        }
        guard ok == 1 else { throw OpenSSLError.drain("signing") }
        return Array(signature.prefix(length))
    }

    /// Whether `signature` (as OpenSSL writes it) is `key`'s SHA-256 signature of `message`;
    /// `configure` as for `sign`.
    package static func verify(
        _ signature: [UInt8], of message: [UInt8], with key: OpaquePointer, configure: (OpaquePointer?) -> Bool = { _ in true }
    ) -> Bool {
        ERR_clear_error()
        defer { ERR_clear_error() }
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        var keyContext: OpaquePointer?
        guard EVP_DigestVerifyInit(context, &keyContext, EVP_sha256(), nil, key) == 1, configure(keyContext) else { return false }
        let result = signature.withUnsafeBufferPointer { sig in
            message.withUnsafeBufferPointer { EVP_DigestVerify(context, sig.baseAddress, sig.count, $0.baseAddress, $0.count) }
        }
        return result == 1
    }
}
