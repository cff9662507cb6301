import Foundation
import HeraldAPNsModel
import HeraldGateway

/// An in-memory deliverer for tests: records every notification it is given and answers
/// with programmed outcomes per token (a queue, then the default), accepted by default.
final class FakeDeliverer: PushDeliverer, @unchecked Sendable {
    private let lock = NSLock()
    private var scripted: [String: [DeliveryOutcome]] = [:]
    private var defaults: [String: DeliveryOutcome] = [:]
    private var recorded: [OutgoingNotification] = []
    private var credentialsSeen: [APNSCredentials?] = []

    init() {}

    /// The next answers for `token`, in order; after them, `then` (or accepted).
    func program(_ token: String, _ outcomes: [DeliveryOutcome], then: DeliveryOutcome? = nil) {
        lock.withLock {
            scripted[token, default: []] += outcomes
            if let then { defaults[token] = then }
        }
    }

    /// Every notification given so far, in order (retries included).
    var sent: [OutgoingNotification] { lock.withLock { recorded } }

    /// Credentials of every batch, in order.
    var credentials: [APNSCredentials?] { lock.withLock { credentialsSeen } }

    /// Notifications answered 200, by token.
    func accepted(token: String) -> Int {
        lock.withLock { recorded.filter { $0.deviceToken == token }.count }
    }

    func deliver(_ batch: [OutgoingNotification], credentials: APNSCredentials?) async -> [DeliveryOutcome] {
        lock.withLock {
            credentialsSeen.append(credentials)
            return batch.map { notification in
                recorded.append(notification)
                if var queue = scripted[notification.deviceToken], !queue.isEmpty {
                    let next = queue.removeFirst()
                    scripted[notification.deviceToken] = queue
                    return next
                }
                return defaults[notification.deviceToken] ?? .accepted(apnsID: notification.apnsID)
            }
        }
    }
}
