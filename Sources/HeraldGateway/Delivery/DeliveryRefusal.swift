/// A push service other than APNs refused a notification, said in terms the engine acts
/// on: which service, its status and reason, and what to do. APNs' refusals keep their
/// typed `APNSError` (`DeliveryOutcome.rejected`); this is for the services whose errors
/// the gateway does not import (FCM: HeraldGatewayFCM maps `FCMError` to it).
public struct DeliveryRefusal: Sendable, Hashable, CustomStringConvertible {
    /// The service, as logs and failure reasons name it: `fcm`.
    public var service: String
    /// The HTTP status of the answer.
    public var status: Int
    /// The service's own reason: `UNREGISTERED`, `QUOTA_EXCEEDED`.
    public var reason: String
    public var action: RefusalAction
    /// Seconds from a `Retry-After` header: the app's deliveries pause at least that long.
    public var retryAfter: Double?

    public init(service: String, status: Int, reason: String, action: RefusalAction, retryAfter: Double? = nil) {
        self.service = service
        self.status = status
        self.reason = reason
        self.action = action
        self.retryAfter = retryAfter
    }

    /// `fcm UNREGISTERED`: the reason recorded for the delivery.
    public var failureReason: String { "\(service) \(reason)" }

    public var description: String {
        "\(status) \(failureReason) (\(action))" + (retryAfter.map { "; retry after \($0) s" } ?? "")
    }
}
