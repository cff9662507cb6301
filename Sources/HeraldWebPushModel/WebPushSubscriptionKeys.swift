import HeraldShared

/// A push subscription's `keys`, checked: the browser's P-256 public key (`p256dh`) and its
/// 16-byte authentication secret (`auth`), as `PushSubscription.toJSON()` gives them.
public struct WebPushSubscriptionKeys: Sendable, Hashable {
    /// The uncompressed point, 65 bytes starting `0x04`, on P-256.
    public let p256dh: [UInt8]
    /// The authentication secret, 16 bytes.
    public let auth: [UInt8]

    /// Reads base64url text (padding optional); throws naming `subscription.keys.p256dh`
    /// or `subscription.keys.auth`.
    public init(p256dh: String, auth: String) throws(WebPushError) {
        let point = try Self.decode(p256dh, field: "subscription.keys.p256dh")
        let secret = try Self.decode(auth, field: "subscription.keys.auth")
        try self.init(p256dh: point, auth: secret)
    }

    /// Checks raw bytes: the point is read and checked by OpenSSL.
    public init(p256dh: [UInt8], auth: [UInt8]) throws(WebPushError) {
        let field = "subscription.keys.p256dh"
        guard p256dh.count == 65 else {
            throw WebPushError(
                .wrongLength(actual: p256dh.count, expected: 65), field: field,
                "\(p256dh.count) bytes, not the 65 of an uncompressed P-256 point; give the browser's PushSubscription key 'p256dh' unchanged"
            )
        }
        guard p256dh[0] == 0x04 else {
            throw WebPushError(
                .notOnCurve, field: field,
                "starts with 0x\(String(p256dh[0], radix: 16)), not 0x04 (an uncompressed point); give the browser's PushSubscription key 'p256dh' unchanged"
            )
        }
        guard let key = ECP256.publicKey(point: p256dh) else {
            throw WebPushError(
                .notOnCurve, field: field,
                "not a point on the P-256 curve; the subscription's keys are damaged: ask the browser to subscribe again")
        }
        ECP256.free(key)
        guard auth.count == 16 else {
            throw WebPushError(
                .wrongLength(actual: auth.count, expected: 16), field: "subscription.keys.auth",
                "\(auth.count) bytes, not 16; give the browser's PushSubscription key 'auth' unchanged")
        }
        self.p256dh = p256dh
        self.auth = auth
    }

    static func decode(_ text: String, field: String) throws(WebPushError) -> [UInt8] {
        guard let bytes = Base64URL.decode(text) else {
            throw WebPushError(
                .notBase64URL, field: field, "not base64url text; give the value of the browser's PushSubscription.toJSON() unchanged")
        }
        return bytes
    }
}
