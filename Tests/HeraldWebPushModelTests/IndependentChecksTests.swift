import Foundation
import HeraldServerTestSupport
import HeraldShared
import HeraldWebPushModel
import Testing

/// Herald's Web Push checked against independent implementations from PyPI: http_ece (the
/// RFC 8188 library of the Python Web Push stack), PyJWT with cryptography, and py_vapid.
/// When .build/pyvenv cannot be made, each test fails saying nothing was verified.
@Suite("Web Push against http_ece, PyJWT and py_vapid")
struct IndependentChecksTests {
    static let packages = ["PyJWT", "cryptography", "http-ece", "py-vapid"]

    func python(_ script: String, _ arguments: [String]) throws -> String {
        try PythonTools.require(Self.packages)
        return try PythonTools.run(script, arguments).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("http_ece decrypts Herald's aes128gcm bodies, and Herald reads http_ece's")
    func httpECE() throws {
        let keys = try WebPushSubscriptionKeys(p256dh: RFC8291Vector.receiverPublic, auth: RFC8291Vector.auth)
        let plaintext = Array(#"{"title":"Dentist","body":"Due now","url":"/"}"#.utf8)
        let bodies = [
            try WebPushEncryption.encrypt(plaintext, for: keys),
            try WebPushEncryption.encrypt(plaintext, for: keys, padding: 300),
            try WebPushEncryption.encrypt(
                Array(RFC8291Vector.plaintext.utf8), for: keys,
                senderPrivateKey: RFC8291Vector.bytes(RFC8291Vector.senderPrivate), salt: RFC8291Vector.bytes(RFC8291Vector.salt)),
        ]
        let script = """
            import base64, sys, http_ece
            from cryptography.hazmat.primitives.asymmetric import ec
            def b(text): return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
            receiver = ec.derive_private_key(int.from_bytes(b(sys.argv[1]), "big"), ec.SECP256R1())
            auth = b(sys.argv[2])
            for body in sys.argv[3:]:
                print(base64.urlsafe_b64encode(http_ece.decrypt(b(body), private_key=receiver, auth_secret=auth, version="aes128gcm")).decode().rstrip("="))
            sender = ec.generate_private_key(ec.SECP256R1())
            theirs = http_ece.encrypt(b"from http_ece", private_key=sender, dh=receiver.public_key(), auth_secret=auth, version="aes128gcm")
            print(base64.urlsafe_b64encode(theirs).decode().rstrip("="))
            """
        let output = try python(script, [RFC8291Vector.receiverPrivate, RFC8291Vector.auth] + bodies.map { Base64URL.encode($0) })
        let lines = output.split(separator: "\n").map(String.init)
        try #require(lines.count == 4, "http_ece printed: \(output)")
        #expect(lines[0...2].map { Base64URL.decode($0) } == [plaintext, plaintext, Array(RFC8291Vector.plaintext.utf8)])
        let theirs = try #require(Base64URL.decode(lines[3]))
        let read = try WebPushDecryption.decrypt(theirs, receiverPrivateKey: RFC8291Vector.bytes(RFC8291Vector.receiverPrivate), keys: keys)
        #expect(read == Array("from http_ece".utf8))
    }

    @Test("PyJWT verifies the VAPID JWT (ES256) with the public key, the right aud and exp within 24 hours")
    func pyJWT() throws {
        let key = try VAPIDKey.generate()
        let token = try VAPIDToken(key: key, subject: "mailto:ops@example.com")
        let now = Int(Date().timeIntervalSince1970)
        let endpoint = "https://fcm.googleapis.com:443/fcm/send/dGVzdA:APA91b"
        let header = try token.authorization(endpoint: endpoint, now: now)
        let script = """
            import base64, jwt, json, sys, time
            from cryptography.hazmat.primitives.asymmetric import ec
            header, aud = sys.argv[1], sys.argv[2]
            assert header.startswith("vapid t="), header
            t, k = header[len("vapid t="):].split(", k=")
            point = base64.urlsafe_b64decode(k + "=" * (-len(k) % 4))
            public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
            claims = jwt.decode(t, public, algorithms=["ES256"], audience=aud, options={"require": ["aud", "exp", "sub"]})
            assert 0 < claims["exp"] - time.time() <= 24 * 3600, claims
            print(json.dumps({"header": jwt.get_unverified_header(t), "claims": claims}, sort_keys=True))
            """
        let decoded = try JSONParser().parse(try python(script, [header, "https://fcm.googleapis.com"]))
        #expect(decoded["header"] == .object(["typ": .string("JWT"), "alg": .string("ES256")]))
        #expect(
            decoded["claims"]
                == .object([
                    "aud": .string("https://fcm.googleapis.com"), "exp": .int(now + 12 * 3600), "sub": .string("mailto:ops@example.com"),
                ]))
        // The wrong audience is refused by PyJWT: the check above is not vacuous.
        #expect(throws: (any Error).self) { try self.python(script, [header, "https://updates.push.services.mozilla.com"]) }
    }

    @Test("py_vapid reads Herald's PEM key, and Herald reads py_vapid's SEC1 and PKCS#8 keys")
    func pyVAPID() throws {
        let key = try VAPIDKey.generate()
        let script = """
            import base64, sys
            from py_vapid import Vapid
            from cryptography.hazmat.primitives import serialization as s
            def point(v): return base64.urlsafe_b64encode(v.public_key.public_bytes(s.Encoding.X962, s.PublicFormat.UncompressedPoint)).decode().rstrip("=")
            print(point(Vapid.from_pem(sys.argv[1].encode())))
            theirs = Vapid()
            theirs.generate_keys()
            print(point(theirs))
            for form in (s.PrivateFormat.TraditionalOpenSSL, s.PrivateFormat.PKCS8):
                print(theirs.private_key.private_bytes(s.Encoding.PEM, form, s.NoEncryption()).decode().replace("\\n", "|"))
            """
        let lines = try python(script, [try key.privateKeyPEM()]).split(separator: "\n").map(String.init)
        try #require(lines.count == 4)
        #expect(lines[0] == key.applicationServerKey)
        #expect(lines[2].hasPrefix("-----BEGIN EC PRIVATE KEY-----") && lines[3].hasPrefix("-----BEGIN PRIVATE KEY-----"))
        for pem in lines[2...3] {
            #expect(try VAPIDKey(pem: pem.replacingOccurrences(of: "|", with: "\n")).applicationServerKey == lines[1])
        }
    }
}
