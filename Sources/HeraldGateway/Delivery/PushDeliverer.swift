import HeraldAPNsModel
import HeraldPayload
import HeraldStore

/// One notification for one device, as the deliverer puts it on the wire to APNs.
public struct OutgoingNotification: Sendable, Hashable {
    /// Lowercase hex: `POST /3/device/<token>`.
    public var deviceToken: String
    /// The app's bundle id; HeraldAPNs adds the push type's suffix (`topic`).
    public var bundleID: String
    /// `apns-push-type`.
    public var pushType: String
    /// `apns-priority`: 10, 5 or 1.
    public var priority: Int
    /// `apns-expiration` in seconds since 1970; `nil` leaves the header out.
    public var expiration: Double?
    /// `apns-collapse-id`.
    public var collapseID: String?
    /// `apns-id`: the same on every attempt of one delivery.
    public var apnsID: String
    /// The body, with `herald.publishId`.
    public var payload: [UInt8]
    /// The publish this belongs to (for logs and test records; not sent as a header).
    public var publishID: String
}

extension OutgoingNotification {
    /// What the engine sends for a claimed job (and an explanation shows it sent).
    init(_ job: DeliveryJob, bundleID: String) {
        self.init(
            deviceToken: job.token, bundleID: bundleID, pushType: job.options.pushType, priority: job.options.priority,
            expiration: job.options.expiration, collapseID: job.options.collapseID, apnsID: job.apnsID, payload: job.payload,
            publishID: job.publishID)
    }

    /// `apns-topic`: the bundle id with the push type's suffix, as HeraldAPNs adds it
    /// (`APNSRequest.topic`); the bundle id itself if the push type is not APNs'.
    public var topic: String {
        (try? APNSRequest.topic(bundleID, pushType: PushType(rawValue: pushType))) ?? bundleID
    }
}

/// What APNs (or the transport) said about one notification.
public enum DeliveryOutcome: Sendable, Hashable {
    /// 200: APNs took it; its `apns-id` echoed.
    case accepted(apnsID: String)
    /// APNs refused it. The engine acts on the error's class (`APNSError.errorClass`),
    /// `refusesCredentials` and `invalidates(tokenRegisteredAt:)`; a `Retry-After` pauses
    /// the app's deliveries in that environment at least that long.
    case rejected(APNSError)
    /// Another push service (FCM) refused it: the refusal carries the engine's action, so
    /// the engine acts on it without reading that service's error type.
    case refusal(DeliveryRefusal)
    /// The request could not be made (a payload or header APNs would refuse): never sent,
    /// never retried. The text says why.
    case unsendable(String)
    /// No answer: connection refused or lost, TLS, timeout. Whether APNs got it is unknown.
    case transportFailure(String)
}

/// Sends notifications to APNs. The gateway hands it batches for one app and one
/// environment; it answers one outcome per notification, in the batch's order.
///
/// HeraldAPNs implements it over HTTP/2 (one connection pool per team, key and
/// environment); `HeraldGatewayTestModes` has `herald serve`'s record and discard test
/// modes, and the gateway tests have an in-memory `FakeDeliverer`.
///
/// Broadcast channels go through the same port: `manageChannel` makes or deletes a channel
/// at APNs, `broadcast` sends one notification to a channel. A deliverer that has no
/// channels keeps the default implementations, which answer `unsendable` (never retried).
public protocol PushDeliverer: Sendable {
    func deliver(_ batch: [OutgoingNotification], credentials: APNSCredentials?) async -> [DeliveryOutcome]
    func manageChannel(_ request: ChannelRequest, bundleID: String, credentials: APNSCredentials?) async -> ChannelOutcome
    func broadcast(_ broadcast: OutgoingBroadcast, credentials: APNSCredentials?) async -> DeliveryOutcome
    /// Whether it sends for an app without credentials for the route (a test mode, which
    /// sends nowhere); otherwise the engine pauses such a route without calling it.
    var sendsWithoutCredentials: Bool { get }
}

extension PushDeliverer {
    public var sendsWithoutCredentials: Bool { false }

    public func manageChannel(_ request: ChannelRequest, bundleID: String, credentials: APNSCredentials?) async -> ChannelOutcome {
        .unsendable("this deliverer does not manage broadcast channels")
    }

    public func broadcast(_ broadcast: OutgoingBroadcast, credentials: APNSCredentials?) async -> DeliveryOutcome {
        .unsendable("this deliverer does not send broadcasts")
    }
}
