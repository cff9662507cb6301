import Foundation
@testable import HeraldFCMSimulator
import HeraldFCMModel
import HeraldShared
import Testing

@Suite("fcm-sim's token endpoint checks")
struct AssertionCheckerTests {
    static let uri = "https://127.0.0.1:1/token"

    /// A grant body for claims signed with `key`.
    func grant(_ claims: [String: JSONValue], key: RSASigningKey, alg: String = "RS256") throws -> [UInt8] {
        let input =
            Base64URL.encode(Array(JSONWriter.serialize(["alg": .string(alg), "typ": "JWT"]).utf8)) + "."
            + Base64URL.encode(Array(JSONWriter.serialize(.object(claims)).utf8))
        let token = input + "." + Base64URL.encode(try key.sign(Array(input.utf8)))
        return FCMAssertion.grantBody(assertion: token)
    }

    @Test("good claims pass; each wrong claim is refused with its reason")
    func claims() throws {
        let key = try RSASigningKey.generate()
        let checker = AssertionChecker(publicKey: try key.publicKey(), clientEmail: "a@b.c", tokenURI: { Self.uri })
        let now = 1_700_000_000.0
        let good: [String: JSONValue] = [
            "iss": "a@b.c", "scope": .string(FCMAssertion.scope), "aud": .string(Self.uri), "iat": 1_700_000_000, "exp": 1_700_003_600,
        ]
        #expect(checker.check(try grant(good, key: key), now: now) == nil)
        var google = good
        google["aud"] = "https://oauth2.googleapis.com/token"
        #expect(checker.check(try grant(google, key: key), now: now) == nil, "google-auth's audience")
        let cases: [(String, JSONValue, String)] = [
            ("iss", "x@y.z", "iss"), ("scope", "https://www.googleapis.com/auth/cloud-platform", "scope"),
            ("aud", "https://other/token", "aud"),
            ("exp", 1_700_003_601, "at most an hour"), ("exp", 1_700_000_000, "at most an hour"),
        ]
        for (field, value, expected) in cases {
            var claims = good
            claims[field] = value
            let refusal = checker.check(try grant(claims, key: key), now: now)
            #expect(refusal?.description.contains(expected) == true, "\(field)")
        }
        #expect(checker.check(try grant(good, key: key), now: now + 3600)?.error == "invalid_grant")
        #expect(checker.check(try grant(good, key: try RSASigningKey.generate()), now: now)?.description == "Invalid JWT Signature.")
        #expect(checker.check(Array("grant_type=password".utf8), now: now)?.error == "unsupported_grant_type")
    }
}
