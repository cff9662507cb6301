import COpenSSL

/// HMAC-SHA256 (RFC 2104) through OpenSSL's libcrypto: the signature of HS256 user tokens.
public enum HMACSHA256 {
    /// The 32-byte MAC of `message` under `key`.
    public static func mac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        // An empty array may have no base address: pass one byte with a length of 0.
        let keyBytes = key.isEmpty ? [0] : key, messageBytes = message.isEmpty ? [0] : message
        _ = COpenSSL.HMAC(EVP_sha256(), keyBytes, Int32(key.count), messageBytes, message.count, &output, &length)
        return Array(output.prefix(Int(length)))
    }
}

/// Comparison of secrets (MACs, key hashes) in time that does not depend on where they differ.
public enum ConstantTime {
    /// Whether `a` and `b` are equal, in time that depends only on their lengths.
    public static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
