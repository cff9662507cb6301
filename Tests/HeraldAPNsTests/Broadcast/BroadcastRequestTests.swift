import HeraldAPNs
import HeraldAPNsModel
import HeraldCore
import Testing

/// `APNSBroadcastRequest` refuses what APNs would refuse before anything is sent.
@Suite("APNs broadcast requests are checked before anything is sent")
struct BroadcastRequestTests {
    static let update: JSONValue = ["aps": ["timestamp": 1, "event": "update", "content-state": ["n": 1]]]

    @Test("path and headers; the bundle id loses a push type's suffix")
    func headers() throws {
        let request = try APNSBroadcastRequest(
            channelID: "dHJhaW4=", payload: Self.update, bundleID: "com.example.app.push-type.liveactivity", expiration: 0)
        #expect(request.path == "/4/broadcasts/apps/com.example.app")
        #expect(request.headers.map(\.name) == ["apns-channel-id", "apns-push-type", "apns-priority", "apns-expiration"])
        #expect(request.headers.first { $0.name == "apns-push-type" }?.value == "liveactivity")
    }

    @Test(
        "what a broadcast cannot be",
        arguments: [
            ("", update, 10, "channel id"),
            ("not base64!", update, 10, "channel id"),
            ("dHJhaW4=", update, 1, "priority"),
            ("dHJhaW4=", ["aps": ["timestamp": 1, "event": "update"]] as JSONValue, 10, "aps.content-state"),
            (
                "dHJhaW4=",
                [
                    "aps": [
                        "timestamp": 1, "event": "start", "content-state": [:], "attributes-type": "A", "attributes": [:],
                        "alert": ["title": "t", "body": "b"],
                    ]
                ] as JSONValue, 10, "aps.event"
            ),
        ])
    func refused(channel: String, payload: JSONValue, priority: Int, field: String) {
        let error = #expect(throws: APNSRequestError.self) {
            try APNSBroadcastRequest(channelID: channel, payload: payload, bundleID: "com.example.app", priority: APNSPriority(rawValue: priority))
        }
        #expect(error?.field == field, "\(String(describing: error))")
    }

    @Test("a liveactivity push to a device: its topic gets the suffix, and priority 1 is refused")
    func liveActivityRequest() throws {
        let request = try APNSRequest(
            deviceToken: String(repeating: "ab", count: 32), payload: Self.update, pushType: .liveActivity, bundleID: "com.example.app")
        #expect(request.topic == "com.example.app.push-type.liveactivity")
        #expect(request.priority == .immediate)
        let error = #expect(throws: APNSRequestError.self) {
            try APNSRequest(
                deviceToken: String(repeating: "ab", count: 32), payload: Self.update, pushType: .liveActivity, bundleID: "com.example.app",
                priority: .low)
        }
        #expect(error?.field == "priority")
    }
}
