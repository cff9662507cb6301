import COpenSSL
import HeraldCrypto

/// The receiving side of `WebPushEncryption` (a browser's): reads an `aes128gcm` body with
/// the subscription's private key and auth secret. For tests and a simulated browser, not
/// for a sender, so it is not public.
package enum WebPushDecryption {
    /// Why a body cannot be read.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The plaintext of `body`, the padding and delimiter removed; `receiverPrivateKey` is
    /// the 32-byte scalar whose public point is `keys.p256dh`.
    package static func decrypt(_ body: [UInt8], receiverPrivateKey: [UInt8], keys: WebPushSubscriptionKeys) throws -> [UInt8] {
        guard body.count >= 21 else { throw Failure(description: "\(body.count) bytes: shorter than the header") }
        let salt = Array(body[0..<16])
        let recordSize = body[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let idLength = Int(body[20])
        guard idLength == 65, body.count >= 21 + idLength else {
            throw Failure(description: "keyid of \(idLength) bytes, not a 65-byte P-256 point")
        }
        let senderPoint = Array(body[21..<(21 + idLength)])
        let record = Array(body[(21 + idLength)...])
        guard record.count <= recordSize else {
            throw Failure(description: "a \(record.count)-byte record over rs \(recordSize): more than one record")
        }
        guard let sender = ECP256.publicKey(point: senderPoint) else { throw Failure(description: "keyid is not a point on P-256") }
        defer { ECP256.free(sender) }
        let receiver = try ECP256.privateKey(scalar: receiverPrivateKey)
        defer { ECP256.free(receiver) }
        guard try ECP256.point(of: receiver) == keys.p256dh else { throw Failure(description: "the private key is not p256dh's") }
        let secret = try ECP256.sharedSecret(receiver, sender)
        let (key, nonce) = try WebPushEncryption.contentKeys(
            secret: secret, auth: keys.auth, receiverPoint: keys.p256dh, senderPoint: senderPoint, salt: salt)
        guard var padded = try AES128GCM.open(record, key: key, nonce: nonce) else {
            throw Failure(description: "the record's tag does not match (wrong keys, or the body was changed)")
        }
        while padded.last == 0x00 { padded.removeLast() }
        guard padded.last == 0x02 else { throw Failure(description: "no last-record delimiter 0x02 after the padding") }
        padded.removeLast()
        return padded
    }
}
