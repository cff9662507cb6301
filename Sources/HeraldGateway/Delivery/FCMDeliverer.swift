import HeraldFCMModel
import HeraldShared

/// Sends notifications to Android devices through FCM. The gateway hands it batches of
/// one app's FCM deliveries with the app's service account (`nil` when the app has none);
/// it answers one outcome per notification, in the batch's order, with FCM's refusals as
/// `DeliveryOutcome.refusal` (the engine acts on their `RefusalAction`).
///
/// The notification's payload is the publish's APNs payload; the deliverer renders it for
/// Android. `HeraldGatewayFCM` implements it over HeraldFCM; `HeraldGatewayTestModes` has
/// the record and discard test modes, and the gateway tests a fake.
public protocol FCMDeliverer: Sendable {
    func deliver(_ batch: [OutgoingNotification], credentials: FCMCredentials?) async -> [DeliveryOutcome]
    /// As `PushDeliverer.sendsWithoutCredentials`.
    var sendsWithoutCredentials: Bool { get }
}

extension FCMDeliverer {
    public var sendsWithoutCredentials: Bool { false }
}

extension OutgoingNotification {
    /// The FCM message for this notification: its APNs payload rendered for Android
    /// (`FCMRenderer`), with `android.ttl` the time left until its expiration at `now`
    /// (seconds since 1970) and this notification's token.
    public func fcmMessage(_ renderer: FCMRenderer = FCMRenderer(), now: Double) throws(FCMMessageError) -> FCMMessage {
        let parsed: JSONValue
        do { parsed = try JSONParser().parse(payload) } catch { throw FCMMessageError(field: "payload", "is not JSON: \(error)") }
        let ttl = expiration.map { Int(max(0, $0 - now).rounded(.down)) }
        return try renderer.render(parsed, options: .init(priority: priority, collapseID: collapseID, ttl: ttl), token: deviceToken)
    }
}
