import Testing
@testable import HeraldStore

@Suite("Store: random identifiers")
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
}
