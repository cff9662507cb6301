import COpenSSL
import HeraldCrypto

/// P-256 keys and ECDH over OpenSSL's `EVP_PKEY`, in the raw forms Web Push uses: the
/// 65-byte uncompressed point (`0x04 || X || Y`) and the 32-byte private scalar.
/// Every returned pointer is the caller's to free (`EVP_PKEY_free`).
enum ECP256 {
    /// DER of a SubjectPublicKeyInfo for id-ecPublicKey on prime256v1, up to the point.
    private static let publicKeyPrefix: [UInt8] = [
        0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01,
        0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00,
    ]
    /// DER of a SEC1 ECPrivateKey (version 1), up to the 32-byte scalar; the curve follows.
    private static let privateKeyPrefix: [UInt8] = [0x30, 0x31, 0x02, 0x01, 0x01, 0x04, 0x20]
    private static let privateKeySuffix: [UInt8] = [0xa0, 0x0a, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07]

    static func free(_ key: OpaquePointer) { EVP_PKEY_free(key) }

    /// A fresh key pair.
    static func generate() throws(OpenSSLError) -> OpaquePointer {
        ERR_clear_error()
        guard let key = herald_generate_p256_key() else { throw OpenSSLError.drain("generating a P-256 key") }
        return key
    }

    /// The public key of a 65-byte uncompressed point; `nil` unless OpenSSL reads it as a
    /// point on P-256 and its public-key check passes.
    static func publicKey(point: [UInt8]) -> OpaquePointer? {
        guard point.count == 65, point[0] == 0x04 else { return nil }
        ERR_clear_error()
        defer { ERR_clear_error() }
        let der = publicKeyPrefix + point
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_PUBKEY(nil, &cursor, buffer.count)
        }
        guard let key = parsed else { return nil }
        guard let context = EVP_PKEY_CTX_new(key, nil) else {
            EVP_PKEY_free(key)
            return nil
        }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_public_check(context) == 1 else {
            EVP_PKEY_free(key)
            return nil
        }
        return key
    }

    /// The key pair of a 32-byte private scalar (OpenSSL computes the public point).
    static func privateKey(scalar: [UInt8]) throws(OpenSSLError) -> OpaquePointer {
        guard scalar.count == 32 else {
            throw OpenSSLError(operation: "reading a P-256 private key", code: 0, message: "\(scalar.count) bytes, not 32")
        }
        ERR_clear_error()
        let der = privateKeyPrefix + scalar + privateKeySuffix
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_PrivateKey(EVP_PKEY_EC, nil, &cursor, buffer.count)
        }
        guard let key = parsed else { throw OpenSSLError.drain("reading a P-256 private key") }
        guard (try? point(of: key)) != nil else {
            EVP_PKEY_free(key)
            throw OpenSSLError(
                operation: "reading a P-256 private key", code: 0, message: "no public point (a zero or out-of-range scalar)")
        }
        return key
    }

    /// The 65-byte uncompressed public point of `key`.
    static func point(of key: OpaquePointer) throws(OpenSSLError) -> [UInt8] {
        ERR_clear_error()
        var out = [UInt8](repeating: 0, count: 65)
        var length = 0
        let ok = out.withUnsafeMutableBufferPointer {
            EVP_PKEY_get_octet_string_param(key, "encoded-pub-key", $0.baseAddress, $0.count, &length)
        }
        guard ok == 1, length == 65, out[0] == 0x04 else { throw OpenSSLError.drain("writing the P-256 public point") }
        return out
    }

    /// Whether `key` is an elliptic-curve key on P-256.
    static func isP256(_ key: OpaquePointer) -> Bool {
        guard EVP_PKEY_get_base_id(key) == EVP_PKEY_EC else { return false }
        var name = [CChar](repeating: 0, count: 64)
        var length = 0
        guard EVP_PKEY_get_group_name(key, &name, name.count, &length) == 1 else { return false }
        let curve = String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return curve == "prime256v1" || curve == "P-256"
    }

    /// The ECDH shared secret (the 32-byte X coordinate) of `privateKey` and `peer`.
    static func sharedSecret(_ privateKey: OpaquePointer, _ peer: OpaquePointer) throws(OpenSSLError) -> [UInt8] {
        ERR_clear_error()
        guard let context = EVP_PKEY_CTX_new(privateKey, nil) else { throw OpenSSLError.drain("ECDH") }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_derive_init(context) == 1, EVP_PKEY_derive_set_peer(context, peer) == 1 else {
            throw OpenSSLError.drain("ECDH")
        }
        var length = 0
        guard EVP_PKEY_derive(context, nil, &length) == 1, length == 32 else { throw OpenSSLError.drain("ECDH") }
        var secret = [UInt8](repeating: 0, count: length)
        guard secret.withUnsafeMutableBufferPointer({ EVP_PKEY_derive(context, $0.baseAddress, &length) }) == 1, length == 32 else {
            throw OpenSSLError.drain("ECDH")
        }
        return secret
    }
}
