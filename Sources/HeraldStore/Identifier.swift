import HeraldShared

/// Random identifiers and secrets: a prefix saying what it names, then random bytes from
/// the kernel (SystemRandomNumberGenerator: getrandom) in hex; 128 bits for ids, 256 for keys.
package enum Identifier {
    package static func make(_ prefix: String, bytes: Int = 16) -> String {
        var generator = SystemRandomNumberGenerator()
        return prefix + Hex.encode((0..<bytes).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }
}

