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

@Suite("Reading FCM messages from JSON")
struct MessageReadingTests {
    @Test("a message reads back from its own JSON, wrapped or not")
    func roundTrip() throws {
        let message = FCMMessage(
            token: "tok", notification: .init(title: "Hi"),
            android: .init(collapseKey: "c", ttl: 60, priority: .normal, notification: .init(channelID: "n", color: "#000000")),
            data: ["a": "b"])
        #expect(try FCMMessage(json: message.json) == message)
        #expect(try FCMMessage(json: ["message": message.json]) == message)
        #expect(try FCMMessage(json: ["data": ["a": "b"]], token: "t2") == FCMMessage(token: "t2", data: ["a": "b"]))
    }

    @Test(
        "a wrong type or an unknown field is refused with its path",
        arguments: [
            (#"{"token": "t", "data": {"n": 1}}"#, "data.n"),
            (#"{"token": "t", "android": {"ttl": "1h"}}"#, "android.ttl"),
            (#"{"token": "t", "android": {"priority": "urgent"}}"#, "android.priority"),
            (#"{"token": "t", "notification": {"colour": "x"}}"#, "notification.colour"),
            (#"{"token": "t", "apns": {}}"#, "apns"),
            (#"{"data": {}}"#, "token"),
            ("[1]", "message"),
        ])
    func refuses(text: String, field: String) throws {
        let json = try JSONParser().parse(Array(text.utf8))
        let error = #expect(throws: FCMMessageError.self) { try FCMMessage(json: json) }
        #expect(error?.field == field)
    }
}
