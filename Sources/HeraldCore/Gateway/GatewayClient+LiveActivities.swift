import Foundation

/// Live Activity tokens, reported with the device's own key: the push-to-start token per
/// activity type, each activity's update token (again when it rotates), and its end.
extension GatewayClient: LiveActivityGateway {
    /// Keeps the device's push-to-start token for activities of `activityType` (the name of
    /// the app's `ActivityAttributes` type); a new one replaces the old.
    public func setPushToStartToken(_ token: DeviceToken, activityType: String) async throws(GatewayClientError) {
        _ = try await deviceCall("PUT", "push-to-start/\(activityType)", body: ["token": .string(token.hex)])
    }

    /// Reports an activity the device runs and its update token, the first time and when
    /// the token rotates. An activity that ended is refused (409 `conflict`): a new
    /// activity has a new id.
    public func setActivityToken(_ token: DeviceToken, activityID: String, activityType: String) async throws(GatewayClientError) {
        _ = try await deviceCall("PUT", expect: [200, 201]) { state in
            (
                "devices/\(state.deviceID)/live-activities/\(activityID)",
                ["activityType": .string(activityType), "token": .string(token.hex)]
            )
        }
    }

    /// Reports that the activity ended (or was dismissed): the gateway sends it nothing more.
    public func endActivity(_ activityID: String) async throws(GatewayClientError) {
        _ = try await deviceCall("DELETE", expect: [200]) { state in ("devices/\(state.deviceID)/live-activities/\(activityID)", .null) }
    }
}
