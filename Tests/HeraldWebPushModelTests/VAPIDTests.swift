import Foundation
import HeraldShared
import HeraldWebPushModel
import Testing

@Suite("VAPID keys and tokens (RFC 8292)")
struct VAPIDTests {
    static let endpoint = "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABfake"

    @Test("a token is an ES256 JWT with typ, aud (the endpoint's origin), exp and sub, signed r||s")
    func tokenShape() throws {
        let key = try VAPIDKey.generate()
        let token = try VAPIDToken(key: key, subject: "mailto:ops@example.com")
        let now = 1_700_000_000
        let header = try token.authorization(endpoint: Self.endpoint, now: now)
        let prefix = "vapid t="
        #expect(header.hasPrefix(prefix))
        #expect(header.hasSuffix(", k=" + key.applicationServerKey))
        let jwt = String(header.dropFirst(prefix.count).prefix { $0 != "," })
        let parts = jwt.split(separator: ".")
        try #require(parts.count == 3)
        #expect(!jwt.contains("="))
        let head = try JSONParser().parse(try #require(Base64URL.decode(parts[0])))
        #expect(head == .object(["typ": .string("JWT"), "alg": .string("ES256")]))
        let claims = try JSONParser().parse(try #require(Base64URL.decode(parts[1])))
        #expect(
            claims
                == .object([
                    "aud": .string("https://updates.push.services.mozilla.com"), "exp": .int(now + 12 * 3600),
                    "sub": .string("mailto:ops@example.com"),
                ]))
        #expect(try #require(Base64URL.decode(parts[2])).count == 64)
        #expect(key.publicKey.count == 65 && key.publicKey[0] == 0x04)
        #expect(Base64URL.decode(key.applicationServerKey) == key.publicKey)
    }

    @Test("aud is scheme://host[:port], the port only when not the default")
    func audience() throws {
        #expect(try VAPIDToken.audience(of: "https://fcm.googleapis.com/fcm/send/abc:def") == "https://fcm.googleapis.com")
        #expect(try VAPIDToken.audience(of: "https://Web.Push.Apple.com:443/QGuQ") == "https://web.push.apple.com")
        #expect(try VAPIDToken.audience(of: "http://127.0.0.1:8443/push/1") == "http://127.0.0.1:8443")
        for bad in ["/relative/path", "ftp://example.com/x", "not a url"] {
            #expect(throws: WebPushError.self) { try VAPIDToken.audience(of: bad) }
        }
    }

    @Test("exp is at most 24 hours ahead")
    func lifetime() throws {
        let token = try VAPIDToken(key: try VAPIDKey.generate(), subject: "https://example.com/contact")
        _ = try token.jwt(endpoint: Self.endpoint, now: 0, lifetime: 24 * 3600)
        for bad in [0, -1, 24 * 3600 + 1] {
            do {
                _ = try token.jwt(endpoint: Self.endpoint, now: 0, lifetime: bad)
                Issue.record("a lifetime of \(bad) was taken")
            } catch {
                #expect(error.reason == .badLifetime && error.field == "vapid.exp")
            }
        }
    }

    @Test("sub must be mailto: or https:; the error names vapid.sub")
    func subject() throws {
        let key = try VAPIDKey.generate()
        for good in ["mailto:push@example.com", "https://example.com", "MAILTO:a@b.c"] {
            _ = try VAPIDToken(key: key, subject: good)
        }
        for bad in ["push@example.com", "http://example.com", "mailto:", "https://", "mailto:a b@c.d", ""] {
            do {
                _ = try VAPIDToken(key: key, subject: bad)
                Issue.record("sub \"\(bad)\" was taken")
            } catch {
                #expect(error.reason == .badContact)
                #expect(error.description.hasPrefix("vapid.sub: "))
            }
        }
    }

    @Test("the private key goes out as PKCS#8 PEM and back; bad PEM is refused naming the field")
    func pem() throws {
        let key = try VAPIDKey.generate()
        let pem = try key.privateKeyPEM()
        #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        let back = try VAPIDKey(pem: pem)
        #expect(back.publicKey == key.publicKey)
        #expect(try key.publicKeyPEM().hasPrefix("-----BEGIN PUBLIC KEY-----"))
        for bad in ["", "MHcCAQEE", "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"] {
            do {
                _ = try VAPIDKey(pem: bad)
                Issue.record("\"\(bad)\" was read as a key")
            } catch {
                #expect(error.reason == .badKey && error.field == "vapid.privateKey")
            }
        }
    }
}
