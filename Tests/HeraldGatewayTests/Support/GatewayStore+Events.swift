@testable import HeraldGateway
@testable import HeraldStore

extension GatewayStore {
    /// Records receipts under the default quota (tests that are not about the quota).
    func recordEvents(appID: String, _ events: [DeviceEvent]) throws -> EventTally {
        try recordEvents(appID: appID, events, quota: DeviceQuota())
    }
}
