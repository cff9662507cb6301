import Foundation
import HeraldAuth
import HeraldCore
import HeraldServerTestSupport
import HeraldTestSupport
import Testing

@Suite("User tokens (HS256 JWTs from the app's backend)")
struct UserTokenTests {
    static let secret = "hus_" + String(repeating: "5", count: 64)
    static let now = 1_800_000_000.0
    let signer: UserTokenSigner
    let verifier: UserTokenVerifier

    init() throws {
        signer = try UserTokenSigner(appID: "app_1", secret: Self.secret)
        verifier = try UserTokenVerifier(appID: "app_1", secret: Self.secret)
    }

    /// A token with these header and claims, signed with `secret`.
    static func token(header: JSONValue = ["alg": "HS256", "typ": "JWT"], _ claims: JSONValue, secret: String = secret) -> String {
        let input = Base64URL.encode(Array(JSONWriter.serialize(header).utf8)) + "." + Base64URL.encode(Array(JSONWriter.serialize(claims).utf8))
        return input + "." + Base64URL.encode(HMACSHA256.mac(key: Array(secret.utf8), message: Array(input.utf8)))
    }

    static func claims(sub: String = "u42", aud: JSONValue = "app_1", iat: Double = now - 10, exp: Double = now + 600) -> JSONValue {
        ["sub": .string(sub), "aud": aud, "iat": .double(iat), "exp": .double(exp)]
    }

    func reason(_ token: String, user: String = "u42") -> UserTokenFailure? {
        do {
            try verifier.verify(token, userID: user, now: Self.now)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test("HMAC-SHA256 matches RFC 4231's test case 2")
    func hmacVector() {
        let mac = HMACSHA256.mac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
        #expect(mac.map { String(format: "%02x", $0) }.joined() == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test("a signed token verifies for its user and app, and says who it is for")
    func roundTrip() throws {
        let token = try signer.token(userID: "u42", now: Self.now, lifetime: 900)
        let claims = try verifier.verify(token, userID: "u42", now: Self.now + 60)
        #expect(claims.userID == "u42" && claims.audience == ["app_1"])
        #expect(claims.expiresAt - claims.issuedAt == 900)
        #expect(reason(Self.token(Self.claims(aud: ["app_0", "app_1"]))) == nil, "aud may be a list that holds the app")
    }

    @Test(
        "each way a token can be wrong is refused with its reason",
        arguments: [
            (token(claims(exp: now - 120)), UserTokenFailure.expired),
            (token(claims(sub: "u43")), .wrongUser),
            (token(claims(aud: "app_2")), .wrongApp),
            (token(claims(), secret: "hus_other"), .badSignature),
            (token(header: ["alg": "none"], claims()), .unsupportedAlgorithm),
            (token(header: ["alg": "HS512"], claims()), .unsupportedAlgorithm),
            (token(header: [:], claims()), .unsupportedAlgorithm),
            (token(claims(iat: now - 10, exp: now + 7200)), .lifetimeTooLong),
            (token(claims(iat: now - 7000, exp: now + 600)), .lifetimeTooLong),
            (token(claims(iat: now + 600, exp: now + 900)), .notYetValid),
            (token(["aud": "app_1", "iat": .double(now), "exp": .double(now + 60)]), .missingClaim),
            (token(["sub": "u42", "iat": .double(now), "exp": .double(now + 60)]), .missingClaim),
            (token(["sub": "u42", "aud": "app_1", "iat": .double(now)]), .missingClaim),
            (token(["sub": "u42", "aud": "app_1", "exp": .double(now + 60)]), .missingClaim),
            (token(["sub": "u42", "aud": 5, "iat": .double(now), "exp": .double(now + 60)]), .missingClaim),
            ("not a token", .malformed),
            ("a.b", .malformed),
            ("e30.e30.!!", .malformed),
            (String(repeating: "a", count: 5000), .malformed),
            ("eyJhbGciOiJIUzI1NiIsIngiOltbW1tbW1tbW1tbWzFdXV1dXV1dXV1dXV19.e30.c2ln", .malformed),  // a header nested 13 deep
        ] as [(String, UserTokenFailure)])
    func refused(token: String, expected: UserTokenFailure) {
        #expect(reason(token) == expected)
    }

    @Test("a forged token learns nothing about its claims: a bad signature is reported before a wrong user")
    func signatureFirst() {
        #expect(reason(Self.token(Self.claims(sub: "someone", aud: "app_9", exp: Self.now - 999), secret: "guess")) == .badSignature)
    }

    @Test("messages say what is wrong, and carry neither the token nor the secret")
    func messages() throws {
        let token = Self.token(Self.claims(exp: Self.now - 120))
        do {
            try verifier.verify(token, userID: "u42", now: Self.now)
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("expired 120 s ago"))
            #expect(!error.message.contains(token) && !error.message.contains(Self.secret))
        }
        #expect(throws: UserTokenError.self) { try UserTokenVerifier(appID: "app_1", secret: "") }
        #expect(throws: UserTokenError.self) { try signer.token(userID: "u", now: Self.now, lifetime: 3601) }
    }

    @Test("PyJWT (an independent implementation) makes tokens Herald accepts, and verifies Herald's")
    func pyjwt() throws {
        let script = """
            import jwt, sys, json
            secret, now, herald = sys.argv[1], int(sys.argv[2]), sys.argv[3]
            made = jwt.encode({"sub": "u42", "aud": "app_1", "iat": now, "exp": now + 3600}, secret, algorithm="HS256")
            checked = jwt.decode(herald, secret, algorithms=["HS256"], audience="app_1")
            print(json.dumps({"made": made, "checked": checked}, sort_keys=True))
            """
        // PyJWT checks iat and exp against the real clock: sign at the real time.
        let now = Int(Date().timeIntervalSince1970)
        let ours = try signer.token(userID: "alice", now: Double(now))
        let output = try PythonTools.run(script, [Self.secret, String(now), ours])
        let answer = try JSONParser().parse(output)
        let made = try #require(answer["made"]?.stringValue)
        #expect(try verifier.verify(made, userID: "u42", now: Double(now) + 5).audience == ["app_1"])
        #expect(answer["checked"] == ["sub": "alice", "aud": "app_1", "iat": .int(now), "exp": .int(now + 3600)])
    }
}
