import Foundation
import HeraldFCMModel
import HeraldShared
import Testing

@Suite("FCM messages and their limits")
struct MessageTests {
    @Test("a message encodes as {\"message\": …} with FCM's field names, ttl as \"Ns\"")
    func encodes() throws {
        let message = FCMMessage(
            token: "tok", notification: FCMNotification(title: "Hi", body: "There", image: "https://x.test/i.png"),
            android: FCMAndroidConfig(
                collapseKey: "c", ttl: 3600, priority: .high,
                notification: FCMAndroidNotification(channelID: "news", clickAction: "OPEN", sound: "default", tag: "t", color: "#aabbcc")),
            data: ["k": "v"])
        let body = try JSONParser().parse(try message.body())
        #expect(
            body == [
                "message": [
                    "token": "tok", "notification": ["title": "Hi", "body": "There", "image": "https://x.test/i.png"],
                    "android": [
                        "collapse_key": "c", "ttl": "3600s", "priority": "HIGH",
                        "notification": ["channel_id": "news", "click_action": "OPEN", "sound": "default", "tag": "t", "color": "#aabbcc"],
                    ],
                    "data": ["k": "v"],
                ]
            ])
        #expect(try JSONParser().parse(try FCMMessage(token: "t").body()) == ["message": ["token": "t"]])
    }

    @Test("reserved data keys are refused", arguments: ["from", "notification", "message_type", "google.x", "gcm.n.e"])
    func reserved(key: String) {
        let error = #expect(throws: FCMMessageError.self) { try FCMMessage(token: "t", data: [key: "1"]).check() }
        #expect(error?.field == "data.\(key)")
    }

    @Test("a message over 4096 bytes is refused; one at the limit passes")
    func size() throws {
        let overhead = JSONWriter.compactByteCount(["data": ["k": ""]])
        let fits = FCMMessage(token: String(repeating: "t", count: 500), data: ["k": String(repeating: "x", count: 4096 - overhead)])
        try fits.check()
        var over = fits
        over.data["k"]! += "x"
        let error = #expect(throws: FCMMessageError.self) { try over.check() }
        #expect(error?.field == "message")
    }

    @Test("an empty token, a ttl beyond 28 days and a bad colour are refused")
    func otherRules() {
        #expect(throws: FCMMessageError.self) { try FCMMessage(token: "").check() }
        #expect(throws: FCMMessageError.self) { try FCMMessage(token: "t", android: .init(ttl: 29 * 86400)).check() }
        #expect(throws: FCMMessageError.self) { try FCMMessage(token: "t", android: .init(notification: .init(color: "red"))).check() }
    }
}
