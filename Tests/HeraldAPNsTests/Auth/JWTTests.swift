import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldCore
import HeraldServerTestSupport
import HeraldTestSupport
import Testing

@Suite("ES256 provider tokens")
struct JWTTests {
    @Test("a token has the header and claims APNs reads, and its signature checks")
    func tokenShape() throws {
        let key = try APNSSigningKey.generate()
        let signer = try APNSTokenSigner(key: key, keyID: "ABC123DEFG", teamID: "TEAM123456")
        let token = try signer.token(issuedAt: 1_700_000_000)
        let parts = token.split(separator: ".")
        #expect(parts.count == 3)
        #expect(!token.contains("="))
        let header = try JSONParser().parse(try #require(Base64URL.decode(parts[0])))
        #expect(header == .object(["alg": .string("ES256"), "kid": .string("ABC123DEFG")]))
        let claims = try JSONParser().parse(try #require(Base64URL.decode(parts[1])))
        #expect(claims == .object(["iss": .string("TEAM123456"), "iat": .int(1_700_000_000)]))
        let jwt = try #require(APNSJWT(token))
        #expect(jwt.keyID == "ABC123DEFG" && jwt.teamID == "TEAM123456" && jwt.issuedAt == 1_700_000_000)
        #expect(jwt.signature.count == 64)
        #expect(jwt.isSigned(by: try key.publicKey()))
        #expect(!jwt.isSigned(by: try APNSSigningKey.generate().publicKey()))
        #expect(APNSJWT("not.a-token") == nil)
    }

    @Test("base64url round-trips every length and refuses the standard alphabet")
    func base64url() {
        for length in 0..<40 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 251) }
            #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
        }
        #expect(Base64URL.encode([0xfb, 0xff]) == "-_8")
        #expect(Base64URL.decode("+/8") == nil)
    }

    @Test("PyJWT with cryptography (an independent implementation) verifies Herald's tokens")
    func pyjwtVerifiesHerald() throws {
        let key = try APNSSigningKey.generate()
        let signer = try APNSTokenSigner(key: key, keyID: "KEY4567890", teamID: "TEAMABCDEF")
        let issuedAt = Int(Date().timeIntervalSince1970)
        let token = try signer.token(issuedAt: issuedAt)
        let script = """
            import jwt, sys, json
            token, pem = sys.argv[1], sys.argv[2]
            header = jwt.get_unverified_header(token)
            claims = jwt.decode(token, pem, algorithms=["ES256"])
            print(json.dumps({"header": header, "claims": claims}, sort_keys=True))
            """
        let output = try PythonTools.run(script, [token, try key.publicKey().pem()])
        let decoded = try JSONParser().parse(output)
        #expect(decoded["header"] == .object(["alg": .string("ES256"), "kid": .string("KEY4567890")]))
        #expect(decoded["claims"] == .object(["iss": .string("TEAMABCDEF"), "iat": .int(issuedAt)]))
    }

    @Test("Herald verifies PyJWT's ES256 tokens and reads its .p8 key")
    func heraldVerifiesPyJWT() throws {
        let script = """
            import jwt
            from cryptography.hazmat.primitives.asymmetric import ec
            from cryptography.hazmat.primitives import serialization
            key = ec.generate_private_key(ec.SECP256R1())
            pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()).decode()
            token = jwt.encode({"iss": "TEAMABCDEF", "iat": 1700000000}, key, algorithm="ES256", headers={"kid": "KEY4567890"})
            print(token)
            print(pem)
            """
        let output = try PythonTools.run(script, [])
        let lines = output.split(separator: "\n", maxSplits: 1)
        try #require(lines.count == 2)
        let jwt = try #require(APNSJWT(lines[0]))
        #expect(jwt.algorithm == "ES256" && jwt.keyID == "KEY4567890" && jwt.teamID == "TEAMABCDEF")
        let publicKey = try APNSPublicKey(pem: String(lines[1]))
        #expect(jwt.isSigned(by: publicKey))
        let pythonKey = try APNSSigningKey(pem: String(lines[1]))
        let ours = try APNSTokenSigner(key: pythonKey, keyID: "KEY4567890", teamID: "TEAMABCDEF").token(issuedAt: 1)
        #expect(APNSJWT(ours)?.isSigned(by: publicKey) == true)
    }
}
