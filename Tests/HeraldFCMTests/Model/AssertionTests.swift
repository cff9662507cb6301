import Foundation
import HeraldFCMModel
import HeraldShared
import Testing

@Suite("RS256 assertions and the grant")
struct AssertionTests {
    @Test("the assertion has Google's header and claims, and its signature checks with the account's key only")
    func shape() throws {
        let account = try FCMServiceAccount(json: try serviceAccountJSON(["private_key_id": nil]))
        let token = try FCMAssertion.sign(account, issuedAt: 1_700_000_000)
        let parts = token.split(separator: ".")
        #expect(parts.count == 3)
        let header = try JSONParser().parse(try #require(Base64URL.decode(parts[0])))
        #expect(header == ["alg": "RS256", "typ": "JWT"])
        let claims = try JSONParser().parse(try #require(Base64URL.decode(parts[1])))
        #expect(
            claims == [
                "iss": "herald@demo-project.iam.gserviceaccount.com", "scope": "https://www.googleapis.com/auth/firebase.messaging",
                "aud": "https://oauth2.example.test/token", "iat": 1_700_000_000, "exp": 1_700_003_600,
            ])
        let parsed = try #require(FCMAssertion(token))
        #expect(parsed.signature.count == 256)
        #expect(parsed.isSigned(by: try account.privateKey.publicKey()))
        #expect(!parsed.isSigned(by: try RSASigningKey.generate().publicKey()))
        var tampered = parsed
        tampered.signingInput[tampered.signingInput.count - 2] ^= 1
        #expect(!tampered.isSigned(by: try account.privateKey.publicKey()))
    }

    @Test("the grant is a form body that decodes back to the grant type and the assertion")
    func grant() throws {
        let body = String(decoding: FCMAssertion.grantBody(assertion: "a.b-c_d.e"), as: UTF8.self)
        #expect(body == "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=a.b-c_d.e")
        let fields = try #require(FormEncoding.decode(body))
        #expect(fields.map(\.0) == ["grant_type", "assertion"])
        #expect(fields.map(\.1) == [FCMAssertion.grantType, "a.b-c_d.e"])
        #expect(FormEncoding.decode("a=%zz") == nil)
        #expect(FormEncoding.decode("a=1+2%20")?.first?.1 == "1 2 ")
    }
}
