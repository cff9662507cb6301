import COpenSSL
import HeraldShared

/// SHA-256 for hashing API keys, publish fingerprints and apns-ids, through OpenSSL's
/// libcrypto (the gateway derives one apns-id per delivery: a fast digest matters). Tested with the
/// standard's vectors.
public enum SHA256 {
    /// The 32-byte digest of `message`.
    public static func hash<Bytes: Collection>(_ message: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        let bytes = Array(message)
        bytes.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in
                _ = COpenSSL.SHA256(input.baseAddress, input.count, output.baseAddress)
            }
        }
        return digest
    }

    /// Lowercase hex of the digest of `text`'s UTF-8 bytes.
    public static func hex(_ text: String) -> String { Hex.encode(hash(Array(text.utf8))) }

    /// A lowercase canonical UUID (version 4 layout) derived from `text`: the same text,
    /// the same UUID. Used as the apns-id of a delivery, so every attempt carries one id.
    public static func uuid(_ text: String) -> String {
        var bytes = Array(hash(Array(text.utf8)).prefix(16))
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = Array(Hex.encode(bytes))
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }
        return parts.joined(separator: "-")
    }
}
