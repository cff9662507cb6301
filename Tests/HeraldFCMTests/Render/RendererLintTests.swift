import HeraldFCMModel
import HeraldPayload
import HeraldShared
import Testing

@Suite("Linting a publish for FCM")
struct RendererLintTests {
    @Test("a clean publish has no FCM issues")
    func clean() {
        #expect(FCMRenderer().lint(["aps": ["alert": "Hi"], "order": "A"]).isEmpty)
    }

    @Test("every reserved key is an fcm error naming the key; non-strings are warnings")
    func issues() {
        let payload: JSONValue = ["aps": ["alert": "Hi"], "from": "x", "gcm.n": "y", "count": 3]
        let lines = FCMRenderer().lint(payload).map(\.description)
        #expect(
            lines == [
                "error: fcm: data.from: is reserved by FCM (from, notification, message_type, google.*, gcm.*); rename the key",
                "error: fcm: data.gcm.n: is reserved by FCM (from, notification, message_type, google.*, gcm.*); rename the key",
                #"warning: fcm: data.count: is not a string; FCM data takes strings, so it is sent as the JSON text 3"#,
            ])
    }

    @Test("bad android options and the size limit are fcm errors")
    func optionsAndSize() {
        let bad = FCMRenderer().lint(["aps": [:], "herald": ["android": ["ttl": "soon"]]])
        #expect(bad.map(\.path) == ["android.ttl"])
        #expect(bad.allSatisfy { $0.platform == "fcm" && $0.severity == .error })
        let big = FCMRenderer().lint(["aps": [:], "k": .string(String(repeating: "x", count: 4100))])
        #expect(big.map(\.path) == ["message"])
    }
}
