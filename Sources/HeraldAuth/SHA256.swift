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
        bytes.withUnsafeBytes { input in
            digest.withUnsafeMutableBytes { output in Self.digest(input, into: output) }
        }
        return digest
    }

    /// The algorithm, fetched from OpenSSL's providers once. OpenSSL 3's one-shot `SHA256()`
    /// fetches it again on every call (`EVP_Q_digest`): several microseconds, far more
    /// than hashing a key or an apns-id's text.
    nonisolated(unsafe) private static let algorithm = EVP_MD_fetch(nil, "SHA256", nil)

    /// The digest of `input` into `output`'s 32 bytes.
    private static func digest(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) {
        let out = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
        if let algorithm, EVP_Digest(input.baseAddress, input.count, out, nil, algorithm, nil) == 1 { return }
        // EVP_Digest fails only when it cannot allocate its context; the one-shot call then.
        _ = COpenSSL.SHA256(input.baseAddress?.assumingMemoryBound(to: UInt8.self), input.count, out)
    }

    /// Lowercase hex of the digest of `text`'s UTF-8 bytes.
    public static func hex(_ text: String) -> String { Hex.encode(hash(Array(text.utf8))) }

    /// A lowercase canonical UUID (version 4 layout) derived from `text`: the same text,
    /// the same UUID. Used as the apns-id of a delivery, so every attempt carries one id.
    /// One per delivery: the digest goes into a 36-byte string with no array or string in
    /// between.
    public static func uuid(_ text: String) -> String {
        var text = text
        var digest: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digest) { output in
            text.withUTF8 { input in
                Self.digest(UnsafeRawBufferPointer(input), into: output)
            }
        }
        return withUnsafeBytes(of: &digest) { bytes in
            String(unsafeUninitializedCapacity: 36) { out in
                var at = 0
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        out[at] = UInt8(ascii: "-")
                        at += 1
                    }
                    var byte = bytes[index]
                    if index == 6 { byte = byte & 0x0F | 0x40 }  // version 4
                    if index == 8 { byte = byte & 0x3F | 0x80 }  // the RFC 4122 variant
                    out[at] = Hex.digit(byte >> 4)
                    out[at + 1] = Hex.digit(byte & 0x0F)
                    at += 2
                }
                return at
            }
        }
    }
}
