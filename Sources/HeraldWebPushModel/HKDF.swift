import COpenSSL
import HeraldCrypto

/// HKDF with HMAC-SHA256 (RFC 5869), for outputs of at most one block (32 bytes), which is
/// all RFC 8291 and RFC 8188 ask for.
enum HKDF {
    /// `HMAC-SHA256(key, message)`.
    static func hmac(key: [UInt8], _ message: [UInt8]) throws(OpenSSLError) -> [UInt8] {
        ERR_clear_error()
        var out = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let result = key.withUnsafeBufferPointer { keyBytes in
            message.withUnsafeBufferPointer { data in
                out.withUnsafeMutableBufferPointer {
                    HMAC(EVP_sha256(), keyBytes.baseAddress, Int32(keyBytes.count), data.baseAddress, data.count, $0.baseAddress, &length)
                }
            }
        }
        guard result != nil, length == 32 else { throw OpenSSLError.drain("HMAC-SHA256") }
        return out
    }

    /// HKDF-Extract then HKDF-Expand: `length` (≤ 32) bytes of key material.
    static func derive(salt: [UInt8], ikm: [UInt8], info: [UInt8], length: Int) throws(OpenSSLError) -> [UInt8] {
        precondition(length > 0 && length <= 32, "one HKDF-SHA256 block at most")
        let prk = try hmac(key: salt, ikm)
        return Array(try hmac(key: prk, info + [0x01]).prefix(length))
    }
}
