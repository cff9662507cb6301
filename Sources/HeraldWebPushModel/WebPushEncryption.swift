import COpenSSL
import HeraldCrypto
import HeraldShared

/// Encrypts a push message for one subscription: RFC 8291 (Message Encryption for Web
/// Push) with RFC 8188's `aes128gcm` content coding, in one record.
///
/// The body is `salt (16) || rs (uint32, 4096) || idlen (65) || keyid (the sender's
/// ephemeral public point)` then the record: AES-128-GCM of the plaintext, the last-record
/// delimiter `0x02` and any padding zeros. A fresh key pair and salt are made per message;
/// tests pass their own to reproduce RFC 8291's Appendix A.
public enum WebPushEncryption {
    /// The record size written in the header.
    public static let recordSize: UInt32 = 4096
    /// The largest body push services must take (RFC 8030 §7.2: 4096 bytes of payload).
    public static let maximumBodySize = 4096
    /// Header: salt, rs, idlen, keyid.
    public static let headerSize = 16 + 4 + 1 + 65
    /// The largest plaintext that fits (with no padding): 4096 − 86 − 1 (delimiter) − 16 (tag).
    public static let maximumPlaintextSize = maximumBodySize - headerSize - 1 - AES128GCM.tagLength

    /// The request body for `plaintext`, with `padding` zero bytes after the delimiter
    /// (hides the length; 0 by default). Throws `tooLarge`, naming `payload`, when the body
    /// would pass 4096 bytes.
    public static func encrypt(_ plaintext: [UInt8], for keys: WebPushSubscriptionKeys, padding: Int = 0) throws(WebPushError) -> [UInt8] {
        try checkSize(plaintext.count, padding: padding)
        let sender: OpaquePointer
        var salt = [UInt8](repeating: 0, count: 16)
        do throws(OpenSSLError) {
            sender = try ECP256.generate()
            guard RAND_bytes(&salt, Int32(salt.count)) == 1 else { throw OpenSSLError.drain("making a salt") }
        } catch {
            throw WebPushError(.openSSL(error), field: "payload", error.description)
        }
        defer { ECP256.free(sender) }
        return try encrypt(plaintext, for: keys, sender: sender, salt: salt, padding: padding)
    }

    /// As `encrypt(_:for:padding:)` with the sender's 32-byte private scalar and the salt
    /// given: the same inputs give the same body (RFC 8291 Appendix A). Never reuse them
    /// outside tests.
    public static func encrypt(
        _ plaintext: [UInt8], for keys: WebPushSubscriptionKeys, senderPrivateKey: [UInt8], salt: [UInt8], padding: Int = 0
    ) throws(WebPushError) -> [UInt8] {
        try checkSize(plaintext.count, padding: padding)
        guard salt.count == 16 else {
            throw WebPushError(.wrongLength(actual: salt.count, expected: 16), field: "salt", "\(salt.count) bytes, not 16")
        }
        let sender: OpaquePointer
        do throws(OpenSSLError) {
            sender = try ECP256.privateKey(scalar: senderPrivateKey)
        } catch {
            throw WebPushError(.badKey, field: "sender private key", error.description)
        }
        defer { ECP256.free(sender) }
        return try encrypt(plaintext, for: keys, sender: sender, salt: salt, padding: padding)
    }

    static func checkSize(_ count: Int, padding: Int) throws(WebPushError) {
        precondition(padding >= 0, "padding is a count of zero bytes, 0 or more")
        let body = headerSize + count + padding + 1 + AES128GCM.tagLength
        guard body <= maximumBodySize else {
            let room = padding > 0 ? " with \(padding) bytes of padding" : ""
            throw WebPushError(
                .tooLarge(size: count, limit: maximumPlaintextSize - padding), field: "payload",
                "\(count) bytes\(room) make a \(body)-byte encrypted body; Web Push takes at most \(maximumBodySize) bytes, so at most \(maximumPlaintextSize - padding) bytes of payload: send less and let the page fetch the rest"
            )
        }
    }

    static func encrypt(
        _ plaintext: [UInt8], for keys: WebPushSubscriptionKeys, sender: OpaquePointer, salt: [UInt8], padding: Int
    ) throws(WebPushError) -> [UInt8] {
        do throws(OpenSSLError) {
            guard let receiver = ECP256.publicKey(point: keys.p256dh) else {
                throw OpenSSLError(operation: "reading p256dh", code: 0, message: "not a P-256 point")
            }
            defer { ECP256.free(receiver) }
            let senderPoint = try ECP256.point(of: sender)
            let secret = try ECP256.sharedSecret(sender, receiver)
            let (key, nonce) = try contentKeys(
                secret: secret, auth: keys.auth, receiverPoint: keys.p256dh, senderPoint: senderPoint, salt: salt)
            let record = plaintext + [0x02] + [UInt8](repeating: 0, count: padding)
            let sealed = try AES128GCM.seal(record, key: key, nonce: nonce)
            return header(salt: salt, keyID: senderPoint) + sealed
        } catch {
            throw WebPushError(.openSSL(error), field: "payload", error.description)
        }
    }

    /// RFC 8291 §3.4 then RFC 8188 §2.2–2.3: the content-encryption key and the nonce of
    /// the first (only) record. The receiving side derives the same from its private key.
    static func contentKeys(
        secret: [UInt8], auth: [UInt8], receiverPoint: [UInt8], senderPoint: [UInt8], salt: [UInt8]
    ) throws(OpenSSLError) -> (key: [UInt8], nonce: [UInt8]) {
        let keyInfo = Array("WebPush: info".utf8) + [0x00] + receiverPoint + senderPoint
        let ikm = try HKDF.derive(salt: auth, ikm: secret, info: keyInfo, length: 32)
        let key = try HKDF.derive(salt: salt, ikm: ikm, info: Array("Content-Encoding: aes128gcm".utf8) + [0x00], length: 16)
        let nonce = try HKDF.derive(salt: salt, ikm: ikm, info: Array("Content-Encoding: nonce".utf8) + [0x00], length: 12)
        return (key, nonce)
    }

    static func header(salt: [UInt8], keyID: [UInt8]) -> [UInt8] {
        let rs = recordSize
        return salt + [UInt8(rs >> 24), UInt8((rs >> 16) & 0xff), UInt8((rs >> 8) & 0xff), UInt8(rs & 0xff), UInt8(keyID.count)] + keyID
    }
}
