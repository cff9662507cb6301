import Foundation
import HeraldAPNs
import HeraldAPNsModel
import Testing

@Suite("token-auth keys")
struct SigningKeyTests {
    @Test("a PKCS#8 .p8 and a SEC1 EC key both load and sign verifiable ES256")
    func loadsAndSigns() throws {
        for name in ["AuthKey_ABC123DEFG.p8", "sec1-key.pem"] {
            let key = try APNSSigningKey(contentsOfFile: fixture(name))
            let message = Array("header.claims".utf8)
            let signature = try key.sign(message)
            #expect(signature.count == 64, "\(name)")
            let publicKey = try key.publicKey()
            #expect(publicKey.verify(signature: signature, of: message), "\(name)")
            #expect(!publicKey.verify(signature: signature, of: Array("header.claimz".utf8)), "\(name)")
            var tampered = signature
            tampered[10] ^= 1
            #expect(!publicKey.verify(signature: tampered, of: message), "\(name)")
        }
    }

    @Test("signatures are randomized but all verify; the public key of the .p8 checks them")
    func publicKeyFromPrivatePEM() throws {
        let key = try APNSSigningKey.generate()
        let pem = try key.pkcs8PEM()
        #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        let reloaded = try APNSSigningKey(pem: pem)
        let viaPrivate = try APNSPublicKey(pem: pem)
        let message = Array("x".utf8)
        let first = try reloaded.sign(message)
        let second = try reloaded.sign(message)
        #expect(first != second)
        #expect(viaPrivate.verify(signature: first, of: message) && viaPrivate.verify(signature: second, of: message))
        let other = try APNSSigningKey.generate().publicKey()
        #expect(!other.verify(signature: first, of: message))
    }

    @Test("bad keys are refused with what is wrong and where", arguments: [
        ("rsa-key.pem", "not an elliptic-curve key"),
        ("p384-key.pem", "secp384r1, not P-256"),
        ("no-such.p8", "no such file"),
    ])
    func badKeys(name: String, expected: String) throws {
        let error = try #require(throws: APNSKeyError.self) { try APNSSigningKey(contentsOfFile: fixture(name)) }
        #expect(error.description.contains(expected), "\(error)")
        #expect(error.source.hasSuffix(name))
    }

    @Test("text that is not PEM, or PEM that is not a key, is refused")
    func notPEM() throws {
        let plain = try #require(throws: APNSKeyError.self) { try APNSSigningKey(pem: "MIGTAgEAMBMGByqGSM49AgEG") }
        #expect(plain.reason == .notPEM)
        let broken = try #require(throws: APNSKeyError.self) {
            try APNSSigningKey(pem: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n")
        }
        guard case .openSSL(let underlying) = broken.reason else {
            Issue.record("expected an OpenSSL reason, got \(broken.reason)")
            return
        }
        #expect(underlying.code != 0)
    }

    @Test("key and team ids must be 10 letters and digits")
    func identifiers() throws {
        let key = try APNSSigningKey.generate()
        #expect(throws: APNSKeyError.self) { try APNSTokenSigner(key: key, keyID: "ABC", teamID: "TEAM123456") }
        #expect(throws: APNSKeyError.self) { try APNSTokenSigner(key: key, keyID: "ABC123DEFG", teamID: "TEAM-12345") }
        _ = try APNSTokenSigner(key: key, keyID: "ABC123DEFG", teamID: "TEAM123456")
    }
}
