import COpenSSL

/// Time-based one-time passwords as RFC 6238 defines them with its common parameters:
/// HMAC-SHA-1, 6 digits, 30-second steps, and a code of the step before or after accepted
/// (clocks drift). `step(matching:)` answers which step a code is for, so the caller can
/// refuse a step already used: a code works once.
public struct TOTP: Sendable {
    public let secret: [UInt8]
    public static let digits = 6
    public static let period = 30.0
    /// 160 random bits, as RFC 4226 recommends.
    static let secretLength = 20

    public init(secret: [UInt8]) { self.secret = secret }

    /// A new random secret.
    public static func newSecret() throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: secretLength)
        guard RAND_bytes(&bytes, Int32(secretLength)) == 1 else { throw PasswordHashError("the system's random source failed") }
        return bytes
    }

    /// The step (30-second count since 1970) of `time`.
    public static func step(at time: Double) -> Int64 { Int64((time / period).rounded(.down)) }

    /// The code of `step` (RFC 4226's HOTP with the step as the counter).
    public func code(step: Int64) -> String {
        var counter = [UInt8](repeating: 0, count: 8)
        for index in 0..<8 { counter[7 - index] = UInt8(truncatingIfNeeded: UInt64(bitPattern: step) >> UInt64(8 * index)) }
        var mac = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let key = secret.isEmpty ? [0] : secret
        _ = HMAC(EVP_sha1(), key, Int32(secret.count), counter, counter.count, &mac, &length)
        let offset = Int(mac[19] & 0x0f)
        let value = (UInt32(mac[offset] & 0x7f) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
        let text = String(value % 1_000_000)
        return String(repeating: "0", count: Self.digits - text.count) + text
    }

    /// The step within one of `time`'s whose code is `code`, latest first; nil when none is.
    /// Every candidate is computed and compared in constant time.
    public func step(matching code: String, at time: Double) -> Int64? {
        let now = Self.step(at: time)
        let given = Array(code.utf8)
        var found: Int64?
        for step in [now + 1, now, now - 1] where ConstantTime.equal(Array(self.code(step: step).utf8), given) && found == nil {
            found = step
        }
        return found
    }

    /// The `otpauth://totp/…` URI an authenticator app reads (as a QR code or typed).
    public func uri(issuer: String, account: String) -> String {
        func escape(_ text: String) -> String {
            var out = ""
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "@"):
                    out.append(Character(Unicode.Scalar(byte)))
                default:
                    let hex = Array("0123456789ABCDEF")
                    out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
                }
            }
            return out
        }
        return "otpauth://totp/\(escape(issuer)):\(escape(account))?secret=\(Base32.encode(secret))&issuer=\(escape(issuer))"
            + "&algorithm=SHA1&digits=\(Self.digits)&period=\(Int(Self.period))"
    }
}

/// RFC 4648 base32 without padding: how TOTP secrets are shown and typed.
public enum Base32 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var buffer = 0, bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | Int(byte)
            bits += 8
            while bits >= 5 {
                out.append(alphabet[(buffer >> (bits - 5)) & 31])
                bits -= 5
            }
        }
        if bits > 0 { out.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of `text` (case and spaces ignored, padding allowed); nil when it is not base32.
    public static func decode(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        var buffer = 0, bits = 0
        for byte in text.uppercased().utf8 where byte != UInt8(ascii: " ") && byte != UInt8(ascii: "=") {
            guard let value = alphabet.firstIndex(of: byte) else { return nil }
            buffer = ((buffer << 5) | value) & 0xFFFF
            bits += 5
            if bits >= 8 {
                out.append(UInt8((buffer >> (bits - 8)) & 0xFF))
                bits -= 8
            }
        }
        return out
    }
}
