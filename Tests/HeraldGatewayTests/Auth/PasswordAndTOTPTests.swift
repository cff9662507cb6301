import Foundation
import HeraldAuth
import Testing
@testable import HeraldGateway

@Suite("Passwords (scrypt), the password policy and TOTP")
struct PasswordAndTOTPTests {
    @Test("a password hashed at OWASP's cost (N=2^17, r=8, p=1) is kept with its cost and salt, matches itself only")
    func scryptDefault() throws {
        let hash = try PasswordHash.make("correct horse battery staple")
        #expect(hash.encoded.hasPrefix("$scrypt$ln=17,r=8,p=1$"))
        let parsed = try #require(PasswordHash(encoded: hash.encoded))
        #expect(parsed == hash)
        #expect(parsed.matches("correct horse battery staple"))
        #expect(!parsed.matches("correct horse battery stapler"))
        let again = try PasswordHash.make("correct horse battery staple")
        #expect(again.salt != hash.salt && again.hash != hash.hash, "a salt each")
        for bad in ["", "$scrypt$ln=40,r=8,p=1$AA$AA", "$bcrypt$x", "$scrypt$ln=17,r=8,p=1$$" + String(repeating: "A", count: 43)] {
            #expect(PasswordHash(encoded: bad) == nil, "\(bad)")
        }
    }

    @Test("scrypt as RFC 7914 gives it (its test vector with N=1024, r=8, p=16)")
    func scryptVector() throws {
        let hash = PasswordHash(logN: 10, r: 8, p: 16, salt: Array("NaCl".utf8), hash: [])
        // The first 32 bytes of the RFC's 64-byte output for "password" / "NaCl".
        let expected: [UInt8] = [
            0xfd, 0xba, 0xbe, 0x1c, 0x9d, 0x34, 0x72, 0x00, 0x78, 0x56, 0xe7, 0x19, 0x0d, 0x01, 0xe9, 0xfe, 0x7c, 0x6a, 0xd7, 0xcb, 0xc8, 0x23,
            0x78, 0x30, 0xe7, 0x73, 0x76, 0x63, 0x4b, 0x37, 0x31, 0x62,
        ]
        #expect(PasswordHash(logN: 10, r: 8, p: 16, salt: hash.salt, hash: expected).matches("password"))
    }

    @Test("the policy refuses short, e-mail-like and common passwords, and takes a passphrase")
    func policy() {
        for weak in [
            "short", "ann@example.com", "Password2024!", "123456789012", "qwertyuiopasdf", "aaaaaaaaaaaaaa", "iloveyou!!!!!", "zyxwvutsrqpo",
            "1qaz2wsx3edc4rfv", "0987654321098",
        ] {
            #expect(PasswordPolicy.problem(weak, email: "ann@example.com") != nil, "\(weak)")
        }
        for strong in ["correct horse battery staple", "Tr0ub4dor&3-extended", "mañana llueve en Sevilla"] {
            #expect(PasswordPolicy.problem(strong, email: "ann@example.com") == nil, "\(strong)")
        }
    }

    @Test("TOTP gives RFC 6238's SHA-1 codes (6 digits), accepts one step either side, and encodes its secret in base32")
    func totp() throws {
        let totp = TOTP(secret: Array("12345678901234567890".utf8))
        // RFC 6238's SHA-1 vectors (8 digits there; the last 6 here).
        for (time, code) in [(59.0, "287082"), (1_111_111_109, "081804"), (1_234_567_890, "005924"), (2_000_000_000, "279037")] {
            #expect(totp.code(step: TOTP.step(at: time)) == code, "\(time)")
        }
        #expect(totp.step(matching: "287082", at: 59 + 30) == 1)
        #expect(totp.step(matching: "287082", at: 59 + 90) == nil)
        #expect(Base32.encode(Array("12345678901234567890".utf8)) == "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")
        #expect(Base32.decode("gezd gnbv gy3t qojq gezd gnbv gy3t qojq") == Array("12345678901234567890".utf8))
        #expect(Base32.decode("not base32!") == nil)
    }
}
