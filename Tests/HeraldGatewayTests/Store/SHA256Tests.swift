import HeraldAuth
import Testing
@testable import HeraldGateway

@Suite("SHA-256")
struct SHA256Tests {
    @Test("FIPS 180-4 test vectors")
    func vectors() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hex(String(repeating: "a", count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        // Lengths around the padding boundary (55, 56, 64 bytes).
        #expect(SHA256.hex(String(repeating: "a", count: 55)) == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        #expect(SHA256.hex(String(repeating: "a", count: 56)) == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
        #expect(SHA256.hex(String(repeating: "a", count: 64)) == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    }

    @Test("derived apns-ids are canonical lowercase UUIDs, stable per input")
    func uuid() {
        let id = SHA256.uuid("pub_1:abcd")
        #expect(id == SHA256.uuid("pub_1:abcd"))
        #expect(id != SHA256.uuid("pub_1:abce"))
        #expect(id.count == 36)
        #expect(id.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12])
        #expect(id == id.lowercased())
        #expect(Array(id)[14] == "4")
        // The first 16 bytes of the digest, version and variant bits set, as RFC 4122 text:
        // a delivery keeps its id across versions of the gateway.
        #expect(id == "794d3a6e-cf02-4acf-a28b-a75b78fa8830")
    }

    @Test("constant-time comparison")
    func compare() {
        #expect(ConstantTime.equal([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equal([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equal([1, 2], [1, 2, 3]))
    }
}
