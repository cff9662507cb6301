/// Random identifiers: a prefix saying what it names, then 128 random bits in hex.
enum Identifier {
    static func make(_ prefix: String) -> String {
        var generator = SystemRandomNumberGenerator()
        return prefix + Hex.encode((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
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
