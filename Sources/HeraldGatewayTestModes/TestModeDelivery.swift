import Foundation
import HeraldGateway

/// What the test-mode deliverers do alike: wait their latency, and answer channel requests
/// at once without asking APNs.
enum TestModeDelivery {
    /// Waits `latency` seconds, as a push service's answer would take; no wait at 0.
    static func wait(latency: Double) async {
        if latency > 0 { try? await Task.sleep(nanoseconds: UInt64(latency * 1e9)) }
    }

    /// A channel made at once (a random base64 id) or deleted at once.
    static func channelOutcome(_ request: ChannelRequest) -> ChannelOutcome {
        switch request {
        case .create: .created(apnsChannelID: Data(UUID().uuidString.utf8).base64EncodedString())
        case .delete: .deleted
        }
    }
}
