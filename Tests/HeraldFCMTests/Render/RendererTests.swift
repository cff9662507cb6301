import HeraldFCMModel
import HeraldShared
import Testing

@Suite("Rendering a publish for FCM")
struct RendererTests {
    let renderer = FCMRenderer()

    func parse(_ text: String) throws -> JSONValue { try JSONParser().parse(Array(text.utf8)) }

    @Test("every field of a notification publish maps to its FCM field")
    func everyField() throws {
        let payload = try parse(
            #"{"aps": {"alert": {"title": "Shipped", "subtitle": "s", "body": "Tuesday"}, "sound": "ping.caf", "mutable-content": 1},"#
                + #" "herald": {"publishId": "pub_1", "link": "shop://orders/7", "image": "https://x.test/i.png"}, "order": "A-7"}"#)
        let message = try renderer.render(payload, options: .init(priority: 10, collapseID: "orders", ttl: 600), token: "tok")
        #expect(message.token == "tok")
        #expect(message.notification == FCMNotification(title: "Shipped", body: "Tuesday", image: "https://x.test/i.png"))
        #expect(
            message.android
                == FCMAndroidConfig(
                    collapseKey: "orders", ttl: 600, priority: .high,
                    notification: FCMAndroidNotification(
                        image: "https://x.test/i.png", clickAction: "shop://orders/7", sound: "ping.caf", tag: "orders")))
        #expect(message.data == ["order": "A-7", FCMRenderer.publishIDKey: "pub_1"])
    }

    @Test("priority 10 is HIGH, 5 and 1 are NORMAL; no ttl or collapse id leaves them out")
    func priority() throws {
        let payload = try parse(#"{"aps": {"alert": "Hi"}}"#)
        #expect(try renderer.render(payload, options: .init(priority: 10), token: "t").android?.priority == .high)
        for priority in [5, 1] {
            let android = try renderer.render(payload, options: .init(priority: priority), token: "t").android
            #expect(android == FCMAndroidConfig(priority: .normal))
        }
        #expect(try renderer.render(payload, options: .init(), token: "t").notification == FCMNotification(body: "Hi"))
    }

    @Test("a raw APNs payload renders aps.alert and its custom keys as data, every value a string")
    func rawAPNs() throws {
        let payload = try parse(
            #"{"aps": {"alert": {"title": "T", "body": "B"}, "sound": {"name": "bell", "volume": 0.5}}, "n": 3, "flag": true,"#
                + #" "list": [1, "a"], "obj": {"k": null}, "s": "text"}"#)
        let message = try renderer.render(payload, options: .init(), token: "t")
        #expect(message.notification == FCMNotification(title: "T", body: "B"))
        #expect(message.android?.notification?.sound == "bell")
        #expect(message.data == ["n": "3", "flag": "true", "list": #"[1,"a"]"#, "obj": #"{"k":null}"#, "s": "text"])
    }

    @Test("a background push without an alert is a data message: no notification blocks")
    func dataOnly() throws {
        let payload = try parse(#"{"aps": {"content-available": 1}, "herald": {"publishId": "pub_2"}, "sync": "inbox"}"#)
        let message = try renderer.render(payload, options: .init(priority: 5, collapseID: "c"), token: "t")
        #expect(message.notification == nil)
        #expect(message.android == FCMAndroidConfig(collapseKey: "c", priority: .normal))
        #expect(message.data == ["sync": "inbox", "herald.publishId": "pub_2"])
    }

    @Test("the android options win over what the publish gives")
    func overrides() throws {
        let payload = try parse(
            #"{"aps": {"alert": "Hi", "sound": "default"}, "herald": {"link": "app://x", "android": {"channelId": "news", "sound": "chime","#
                + ##" "tag": "t1", "color": "#ff0000", "icon": "ic_news", "clickAction": "OPEN_NEWS", "priority": "normal", "ttl": 60,"##
                + #" "collapseKey": "k1", "data": {"extra": 1, "order": "B"}}}, "order": "A"}"#)
        let message = try renderer.render(payload, options: .init(priority: 10, collapseID: "c", ttl: 3600), token: "t")
        #expect(
            message.android
                == FCMAndroidConfig(
                    collapseKey: "k1", ttl: 60, priority: .normal,
                    notification: FCMAndroidNotification(
                        channelID: "news", clickAction: "OPEN_NEWS", sound: "chime", tag: "t1", color: "#ff0000", icon: "ic_news")))
        #expect(message.data == ["order": "B", "extra": "1"])
    }

    @Test(
        "bad android options are refused with their JSON path",
        arguments: [
            (#"{"channelId": 3}"#, "android.channelId"), (#"{"sound": ""}"#, "android.sound"), (#"{"color": "red"}"#, "android.color"),
            (#"{"priority": "urgent"}"#, "android.priority"), (#"{"ttl": -1}"#, "android.ttl"), (#"{"ttl": 2419201}"#, "android.ttl"),
            (#"{"ttl": "1h"}"#, "android.ttl"), (#"{"data": [1]}"#, "android.data"), (#"{"badge": 1}"#, "android.badge"), ("[]", "android"),
        ])
    func badOptions(text: String, field: String) throws {
        let android = try parse(text)
        let error = #expect(throws: FCMMessageError.self) { try FCMAndroidOptions(json: android) }
        #expect(error?.field == field)
        let payload: JSONValue = ["aps": ["alert": "Hi"], "herald": ["android": android]]
        let rendered = #expect(throws: FCMMessageError.self) { try renderer.render(payload, options: .init(), token: "t") }
        #expect(rendered?.field == field)
    }

    @Test("a reserved data key, from the payload or the overrides, is refused with its path")
    func reserved() throws {
        let error = #expect(throws: FCMMessageError.self) {
            try renderer.render(try parse(#"{"aps": {}, "from": "x"}"#), options: .init(), token: "t")
        }
        #expect(error?.field == "data.from")
        let override = #expect(throws: FCMMessageError.self) {
            try renderer.render(try parse(#"{"aps": {}, "herald": {"android": {"data": {"google.c": "1"}}}}"#), options: .init(), token: "t")
        }
        #expect(override?.field == "data.google.c")
    }

    @Test("a publish that renders over 4096 bytes is refused; one at the limit passes")
    func size() throws {
        let empty = try renderer.render(["aps": [:], "k": ""], options: .init(), token: "t")
        var sized = empty.json.objectValue ?? [:]
        sized["token"] = nil
        let overhead = JSONWriter.compactByteCount(.object(sized))
        let fits: JSONValue = ["aps": [:], "k": .string(String(repeating: "x", count: 4096 - overhead))]
        _ = try renderer.render(fits, options: .init(), token: "t")
        let over: JSONValue = ["aps": [:], "k": .string(String(repeating: "x", count: 4097 - overhead))]
        let error = #expect(throws: FCMMessageError.self) { try renderer.render(over, options: .init(), token: "t") }
        #expect(error?.field == "message")
    }
}
