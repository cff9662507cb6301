import Foundation
import HeraldAPNsModel

/// A push service said a token is dead (APNs 410 or BadDeviceToken, FCM `UNREGISTERED`):
/// what the store needs to invalidate the device, whatever the service. The store applies
/// one rule in the transaction that records it: a token registered again after `since`
/// is alive (the device came back), so the delivery fails and the device stays. A token
/// registered at `since` itself counts as dead: the request that found it dead was made
/// for that registration.
public struct DeadToken: Sendable, Hashable, CustomStringConvertible {
    /// Recorded as the delivery's failure and the device's `invalid_reason`:
    /// `Unregistered`, `BadDeviceToken`, `fcm UNREGISTERED`.
    public var reason: String
    /// Seconds since 1970 from which the token is known dead (APNs' 410 timestamp, or when
    /// the request was sent); `nil`: dead whenever it was registered.
    public var since: Double?

    public init(reason: String, since: Double?) {
        self.reason = reason
        self.since = since
    }

    /// APNs' refusal: a 410's timestamp bounds it (`APNSError.invalidates(tokenRegisteredAt:)`);
    /// another invalid-token reason (BadDeviceToken) holds whenever the token was registered.
    public init(_ error: APNSError) {
        self.init(reason: error.reason.text, since: error.status == 410 ? error.timestamp?.timeIntervalSince1970 : nil)
    }

    /// Whether a token registered at `registered` (seconds since 1970) is dead.
    public func invalidates(tokenRegisteredAt registered: Double?) -> Bool {
        guard let since, let registered else { return true }
        return registered <= since
    }

    public var description: String { reason + (since.map { ", dead since \($0)" } ?? "") }
}
