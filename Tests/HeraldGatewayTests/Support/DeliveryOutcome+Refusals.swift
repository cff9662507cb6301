import Foundation
import HeraldAPNs
@testable import HeraldGateway

extension DeliveryOutcome {
    /// APNs' refusal with `status` and `reason` (as it spells it), as HeraldAPNs types it.
    static func refused(_ status: Int, _ reason: String, timestamp: Double? = nil, retryAfter: Double? = nil) -> DeliveryOutcome {
        .rejected(
            APNSError(
                status: status, reason: APNSError.Reason(text: reason), timestamp: timestamp.map(Date.init(timeIntervalSince1970:)),
                retryAfter: retryAfter))
    }
}

extension APNSError {
    /// APNs' 410 Unregistered, with its timestamp in seconds since 1970 when given.
    static func unregistered(at timestamp: Double? = nil) -> APNSError {
        APNSError(status: 410, reason: .unregistered, timestamp: timestamp.map(Date.init(timeIntervalSince1970:)))
    }
}
