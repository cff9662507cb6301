/// Random identifiers and secrets: a prefix saying what it names, then random bytes from
/// the kernel (SystemRandomNumberGenerator: getrandom) in hex; 128 bits for ids, 256 for keys.
enum Identifier {
    static func make(_ prefix: String, bytes: Int = 16) -> String {
        var generator = SystemRandomNumberGenerator()
        return prefix + Hex.encode((0..<bytes).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }
}

/// Lowercase hex encoding.
enum Hex {
    static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
