import HeraldShared

/// Random identifiers and secrets: a prefix saying what it names, then random bytes from
/// the kernel (SystemRandomNumberGenerator: getrandom) in hex; 128 bits for ids, 256 for keys.
/// The bytes are taken eight at a time (one `UInt64` per call to the kernel): a
/// registration makes an id and a key, and one call per byte cost 48 system calls each.
package enum Identifier {
    package static func make(_ prefix: String, bytes: Int = 16) -> String {
        var generator = SystemRandomNumberGenerator()
        var random: [UInt8] = []
        random.reserveCapacity(bytes + 7)
        while random.count < bytes {
            withUnsafeBytes(of: generator.next() as UInt64) { random.append(contentsOf: $0) }
        }
        return prefix + Hex.encode(Array(random.prefix(bytes)))
    }
}

