import HeraldShared
import HeraldWebPushModel
import Testing

@Suite("Web Push message encryption (RFC 8291, aes128gcm)")
struct WebPushEncryptionTests {
    let keys: WebPushSubscriptionKeys

    init() throws {
        keys = try WebPushSubscriptionKeys(p256dh: RFC8291Vector.receiverPublic, auth: RFC8291Vector.auth)
    }

    @Test("RFC 8291 Appendix A is reproduced byte for byte")
    func rfcVector() throws {
        let body = try WebPushEncryption.encrypt(
            Array(RFC8291Vector.plaintext.utf8), for: keys,
            senderPrivateKey: RFC8291Vector.bytes(RFC8291Vector.senderPrivate), salt: RFC8291Vector.bytes(RFC8291Vector.salt))
        #expect(Base64URL.encode(body) == RFC8291Vector.body)
        // The header's keyid is the sender's public key the RFC gives.
        #expect(Array(body[21..<86]) == RFC8291Vector.bytes(RFC8291Vector.senderPublic))
    }

    @Test("the receiver reads the RFC's body and a fresh message, padded or not")
    func roundTrip() throws {
        let receiver = RFC8291Vector.bytes(RFC8291Vector.receiverPrivate)
        let rfc = try WebPushDecryption.decrypt(RFC8291Vector.bytes(RFC8291Vector.body), receiverPrivateKey: receiver, keys: keys)
        #expect(rfc == Array(RFC8291Vector.plaintext.utf8))
        for (plaintext, padding) in [
            ([UInt8](), 0), (Array("{\"title\":\"Hi\"}".utf8), 0), (Array("short".utf8), 100), ([UInt8](repeating: 0x41, count: 3993), 0),
        ] {
            let first = try WebPushEncryption.encrypt(plaintext, for: keys, padding: padding)
            let second = try WebPushEncryption.encrypt(plaintext, for: keys, padding: padding)
            #expect(first.count == 86 + plaintext.count + padding + 17)
            #expect(first.count <= 4096)
            #expect(first[16..<21] == [0x00, 0x00, 0x10, 0x00, 65])
            // A fresh salt and key pair per message.
            #expect(first[0..<16] != second[0..<16] && first[21..<86] != second[21..<86])
            #expect(try WebPushDecryption.decrypt(first, receiverPrivateKey: receiver, keys: keys) == plaintext)
        }
        var changed = try WebPushEncryption.encrypt(Array("secret".utf8), for: keys)
        changed[changed.count - 1] ^= 1
        #expect(throws: WebPushDecryption.Failure.self) { try WebPushDecryption.decrypt(changed, receiverPrivateKey: receiver, keys: keys) }
    }

    @Test("a plaintext too large for a 4096-byte body is refused with its size and the limit")
    func tooLarge() throws {
        #expect(WebPushEncryption.maximumPlaintextSize == 3993)
        do {
            _ = try WebPushEncryption.encrypt([UInt8](repeating: 0x41, count: 3994), for: keys)
            Issue.record("a 3994-byte plaintext was encrypted")
        } catch {
            #expect(error.reason == .tooLarge(size: 3994, limit: 3993))
            #expect(error.field == "payload")
            #expect(error.description.hasPrefix("payload: 3994 bytes"))
            #expect(error.description.contains("at most 3993 bytes"))
        }
        #expect(throws: WebPushError.self) { try WebPushEncryption.encrypt([UInt8](repeating: 0, count: 3000), for: keys, padding: 1000) }
    }

    @Test("p256dh must be a P-256 point and auth 16 bytes; each error names its field")
    func badKeys() throws {
        var offCurve = RFC8291Vector.bytes(RFC8291Vector.receiverPublic)
        offCurve[64] ^= 1
        let cases: [(String, String, WebPushFailure, String)] = [
            (Base64URL.encode(offCurve), RFC8291Vector.auth, .notOnCurve, "subscription.keys.p256dh"),
            (Base64URL.encode([0x02] + offCurve.dropFirst()), RFC8291Vector.auth, .notOnCurve, "subscription.keys.p256dh"),
            (Base64URL.encode(offCurve.prefix(33)), RFC8291Vector.auth, .wrongLength(actual: 33, expected: 65), "subscription.keys.p256dh"),
            ("not base64url!", RFC8291Vector.auth, .notBase64URL, "subscription.keys.p256dh"),
            (
                RFC8291Vector.receiverPublic, Base64URL.encode([UInt8](repeating: 7, count: 15)), .wrongLength(actual: 15, expected: 16),
                "subscription.keys.auth"
            ),
        ]
        for (p256dh, auth, reason, field) in cases {
            do {
                _ = try WebPushSubscriptionKeys(p256dh: p256dh, auth: auth)
                Issue.record("accepted p256dh \(p256dh), auth \(auth)")
            } catch {
                #expect(error.reason == reason)
                #expect(error.field == field)
                #expect(error.description.hasPrefix(field + ": "))
            }
        }
    }
}
