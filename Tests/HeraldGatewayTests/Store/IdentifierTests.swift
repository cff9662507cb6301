import Testing
@testable import HeraldStore

@Suite("Store: identifiers")
struct IdentifierTests {
    @Test("an identifier is its prefix and the asked number of random bytes in hex, for any length")
    func shape() {
        for bytes in [1, 7, 8, 9, 16, 32] {
            let id = Identifier.make("dev_", bytes: bytes)
            #expect(id.hasPrefix("dev_"))
            let hex = id.dropFirst(4)
            #expect(hex.count == bytes * 2, "\(bytes) bytes: \(id)")
            #expect(hex.allSatisfy { $0.isHexDigit && !$0.isUppercase }, "\(id)")
        }
    }

    @Test("identifiers do not repeat, and every byte value turns up in each position")
    func random() {
        let ids = (0..<4096).map { _ in Identifier.make("", bytes: 16) }
        #expect(Set(ids).count == ids.count)
        // Each of the 16 byte positions, over 4096 ids, shows nearly all 256 values; a
        // position stuck at a constant (a buffer not filled) shows one.
        for position in 0..<16 {
            let values = Set(ids.map { $0.dropFirst(position * 2).prefix(2) })
            #expect(values.count > 200, "byte \(position) took \(values.count) values")
        }
    }

    @Test("an ordered id is its prefix, 6 bytes of milliseconds and 10 random bytes, and ids sort by the time they were made")
    func ordered() {
        let id = Identifier.ordered("dev_", at: 1_700_000_000.5)
        #expect(id.hasPrefix("dev_018bcfe569f4"), "\(id)")  // 1,700,000,000,500 ms
        #expect(id.count == 4 + 32)
        let times = [0, 1e-3, 1, 1_700_000_000, 1_700_000_000.001, 4_102_444_800]
        let ids = times.map { Identifier.ordered("pub_", at: $0) }
        #expect(ids.sorted() == ids)
        #expect(Identifier.ordered("", at: -5).hasPrefix("000000000000"), "a time before 1970 counts as 1970")
    }

    @Test("ordered ids made in the same millisecond differ in their random part, every value turning up")
    func orderedRandom() {
        let ids = (0..<4096).map { _ in Identifier.ordered("", at: 1_000) }
        #expect(Set(ids).count == ids.count)
        #expect(Set(ids.map { $0.prefix(12) }).count == 1)
        for position in 6..<16 {
            let values = Set(ids.map { $0.dropFirst(position * 2).prefix(2) })
            #expect(values.count > 200, "byte \(position) took \(values.count) values")
        }
    }
}
