import Foundation
import HeraldCore
import HeraldFCMModel
import Testing
@testable import HeraldGateway

/// A publish's `android` options: checked with their paths, kept as `herald.android` in
/// the payload, and the publish linted for FCM.
@Suite("API: publishes with Android options")
struct APIPublishAndroidTests {
    @Test("android options are kept in the payload as herald.android", arguments: StoreKind.tested)
    func kept(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let android: JSONValue = ["channelId": "news", "ttl": 60, "priority": "normal", "data": ["x": 1]]
        _ = h.register(0, interests: ["news"])
        let response = h.publish(["interests": ["news"], "notification": ["title": "Hi"], "android": android])
        #expect(response.status == 202, "\(response.errorMessage)")
        #expect(response.json?["warnings"] == nil)
        let id = try #require(response.json?["publishId"]?.stringValue)
        let stored = try #require(try h.fixture.store.publish(appID: h.appID, id: id))
        #expect(try JSONParser().parse(stored.payload)["herald"]?["android"] == android)
    }

    @Test(
        "bad android options, or a publish FCM would refuse, are refused with the path and nothing is stored",
        arguments: StoreKind.tested,
        [
            (["interests": ["a"], "notification": ["title": "x"], "android": ["ttl": "1h"]], "android.ttl: \"1h\" is not whole seconds"),
            (["interests": ["a"], "notification": ["title": "x"], "android": ["colour": "red"]], "android.colour: is not an Android option"),
            (["interests": ["a"], "apns": ["aps": ["alert": "x"], "herald": ["android": ["sound": 1]]]], "apns.herald.android.sound: must be"),
            (
                ["interests": ["a"], "apns": ["aps": ["alert": "x"], "herald": ["android": [:]]], "android": [:]],
                "android: is given twice"
            ),
            (["interests": ["a"], "apns": ["aps": ["alert": "x"], "from": "me"], "android": [:]], "fcm: data.from: is reserved by FCM"),
        ] as [(JSONValue, String)])
    func refused(kind: StoreKind, example: (JSONValue, String)) throws {
        let (body, message) = example
        let h = try APIHarness(kind)
        let response = h.publish(body)
        #expect(response.status == 400)
        #expect(response.errorMessage.hasPrefix(message), "\(response.errorMessage)")
        #expect(h.published.count == 0)
    }

    @Test("with android options, what FCM sends differently is a warning", arguments: StoreKind.tested)
    func warning(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let response = h.publish(["interests": ["a"], "apns": ["aps": ["alert": "x"], "n": 3], "android": [:]])
        #expect(response.status == 202)
        #expect(response.json?["warnings"]?.arrayValue?.compactMap(\.stringValue).contains { $0.hasPrefix("warning: fcm: data.n:") } == true)
    }

    @Test(
        "FCM's size is measured with the collapse key FCM will get (the publish id when none is given): a publish that fits only without it is refused",
        arguments: StoreKind.tested)
    func sizeWithCollapseKey(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        // The longest padding whose message fits FCM's 4096 bytes when measured without a collapse key.
        func fits(_ pad: Int, collapse: String?) -> Bool {
            let payload: JSONValue = [
                "aps": ["alert": ["title": "x"]], "herald": ["publishId": .string(PublishRequest.publishIDPlaceholder)],
                "pad": .string(String(repeating: "p", count: pad)),
            ]
            return (try? FCMRenderer().render(payload, options: .init(collapseID: collapse), token: "t")) != nil
        }
        let pad = try #require((3000...4096).last { fits($0, collapse: nil) })
        #expect(!fits(pad, collapse: PublishRequest.publishIDPlaceholder))
        func body(_ pad: Int) -> JSONValue {
            ["interests": ["a"], "apns": ["aps": ["alert": ["title": "x"]], "pad": .string(String(repeating: "p", count: pad))], "android": [:]]
        }
        let refused = h.publish(body(pad))
        #expect(refused.status == 400 && refused.errorMessage.hasPrefix("fcm: "), "\(refused.errorMessage)")
        let fitting = try #require((3000...pad).last { fits($0, collapse: PublishRequest.publishIDPlaceholder) })
        #expect(h.publish(body(fitting)).status == 202, "with room for the collapse key it fits")
    }
}
