import Foundation
import HeraldAPNsModel
import HeraldFCMModel
import HeraldGateway

/// An in-memory deliverer for tests: records every notification it is given and answers
/// with programmed outcomes per token (a queue, then the default), accepted by default.
/// Channels: operations are answered from a programmed queue, else made (APNs ids
/// `Q0hBTk5FTDE=`-like, one per creation) or deleted; broadcasts are recorded and answered
/// like notifications, programmed by Herald's channel id.
/// As an FCM deliverer it answers from the same program by token, and records apart.
final class FakeDeliverer: PushDeliverer, FCMDeliverer, @unchecked Sendable {
    /// As a real deliverer: a route without credentials is paused before it is called.
    var sendsWithoutCredentials: Bool { false }
    private let lock = NSLock()
    private var scripted: [String: [DeliveryOutcome]] = [:]
    private var defaults: [String: DeliveryOutcome] = [:]
    private var recorded: [OutgoingNotification] = []
    private var credentialsSeen: [APNSCredentials?] = []
    private var channelScript: [ChannelOutcome] = []
    private var channelRequests: [ChannelRequest] = []
    private var recordedBroadcasts: [OutgoingBroadcast] = []
    private var recordedFCM: [OutgoingNotification] = []
    private var fcmCredentialsSeen: [FCMCredentials?] = []
    private var beforeNextBatch: (@Sendable () -> Void)?

    init() {}

    /// The next answers for `token`, in order; after them, `then` (or accepted).
    func program(_ token: String, _ outcomes: [DeliveryOutcome], then: DeliveryOutcome? = nil) {
        lock.withLock {
            scripted[token, default: []] += outcomes
            if let then { defaults[token] = then }
        }
    }

    /// Runs `action` once, when the next APNs batch arrives and before it is answered: what
    /// happens elsewhere while the batch is at APNs (its deliveries in flight).
    func whileNextBatchIsSent(_ action: @escaping @Sendable () -> Void) {
        lock.withLock { beforeNextBatch = action }
    }

    /// Every notification given so far, in order (retries included).
    var sent: [OutgoingNotification] { lock.withLock { recorded } }

    /// Credentials of every batch, in order.
    var credentials: [APNSCredentials?] { lock.withLock { credentialsSeen } }

    /// Every notification given as FCM's so far, in order (retries included).
    var fcmSent: [OutgoingNotification] { lock.withLock { recordedFCM } }

    /// FCM credentials of every FCM batch, in order.
    var fcmCredentials: [FCMCredentials?] { lock.withLock { fcmCredentialsSeen } }

    /// Notifications answered 200, by token.
    func accepted(token: String) -> Int {
        lock.withLock { recorded.filter { $0.deviceToken == token }.count }
    }

    /// The next answers to channel operations, in order; after them, success.
    func programChannels(_ outcomes: [ChannelOutcome]) {
        lock.withLock { channelScript += outcomes }
    }

    /// Every channel operation asked so far, in order.
    var channelOperations: [ChannelRequest] { lock.withLock { channelRequests } }

    /// Every broadcast given so far, in order (retries included).
    var broadcasts: [OutgoingBroadcast] { lock.withLock { recordedBroadcasts } }

    /// The APNs id the fake gives the `n`-th channel it makes (base64, as APNs' are).
    static func apnsChannelID(_ n: Int) -> String { Data("CHANNEL\(n)".utf8).base64EncodedString() }

    func manageChannel(_ request: ChannelRequest, bundleID: String, credentials: APNSCredentials?) async -> ChannelOutcome {
        lock.withLock {
            channelRequests.append(request)
            if !channelScript.isEmpty { return channelScript.removeFirst() }
            switch request {
            case .create:
                let made = channelRequests.filter { request in
                    if case .create = request { return true }
                    return false
                }.count
                return .created(apnsChannelID: Self.apnsChannelID(made))
            case .delete: return .deleted
            }
        }
    }

    func broadcast(_ broadcast: OutgoingBroadcast, credentials: APNSCredentials?) async -> DeliveryOutcome {
        lock.withLock {
            credentialsSeen.append(credentials)
            recordedBroadcasts.append(broadcast)
            if var queue = scripted[broadcast.channelID], !queue.isEmpty {
                let next = queue.removeFirst()
                scripted[broadcast.channelID] = queue
                return next
            }
            return defaults[broadcast.channelID] ?? .accepted(apnsID: broadcast.requestID)
        }
    }

    func deliver(_ batch: [OutgoingNotification], credentials: APNSCredentials?) async -> [DeliveryOutcome] {
        let action = lock.withLock {
            defer { beforeNextBatch = nil }
            return beforeNextBatch
        }
        action?()
        return lock.withLock {
            credentialsSeen.append(credentials)
            recorded += batch
            return batch.map(answer)
        }
    }

    func deliver(_ batch: [OutgoingNotification], credentials: FCMCredentials?) async -> [DeliveryOutcome] {
        lock.withLock {
            fcmCredentialsSeen.append(credentials)
            recordedFCM += batch
            return batch.map(answer)
        }
    }

    /// The programmed answer for `notification` (under the lock).
    private func answer(_ notification: OutgoingNotification) -> DeliveryOutcome {
        if var queue = scripted[notification.deviceToken], !queue.isEmpty {
            let next = queue.removeFirst()
            scripted[notification.deviceToken] = queue
            return next
        }
        return defaults[notification.deviceToken] ?? .accepted(apnsID: notification.apnsID)
    }
}
