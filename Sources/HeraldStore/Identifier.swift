import HeraldShared

/// Identifiers and secrets: a prefix saying what it names, then bytes in hex. Random bytes
/// come from the kernel (SystemRandomNumberGenerator: getrandom), taken eight at a time
/// (one `UInt64` per call to the kernel): a registration makes an id and a key, and one
/// call per byte cost 48 system calls each.
package enum Identifier {
    /// `bytes` random bytes: 128 bits for secrets' ids, 256 for keys.
    package static func make(_ prefix: String, bytes: Int = 16) -> String {
        prefix + Hex.encode(random(bytes))
    }

    /// A row's id that sorts by when it was made: the milliseconds since 1970 at `now`
    /// (seconds) in 6 bytes, then 10 random bytes (80 bits, so ids made in the same
    /// millisecond still do not meet). A new row's id lands at the end of its unique index,
    /// on the page the last one went to, instead of on a random page of it: a random id
    /// cost every registration one more page written to the WAL and again at checkpoint.
    /// Ids are names, not secrets: what a caller may do is decided by its key.
    package static func ordered(_ prefix: String, at now: Double) -> String {
        let milliseconds = UInt64(max(0, min(now, 2.8e11)) * 1000) & 0xFFFF_FFFF_FFFF
        let time = (0..<6).map { UInt8(truncatingIfNeeded: milliseconds >> (40 - 8 * $0)) }
        return prefix + Hex.encode(time + random(10))
    }

    private static func random(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var random: [UInt8] = []
        random.reserveCapacity(count + 7)
        while random.count < count {
            withUnsafeBytes(of: generator.next() as UInt64) { random.append(contentsOf: $0) }
        }
        return Array(random.prefix(count))
    }
}
