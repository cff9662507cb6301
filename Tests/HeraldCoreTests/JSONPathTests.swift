import Testing

@testable import HeraldCore

@Suite("JSON paths")
struct JSONPathTests {
    let value: JSONValue = [
        "aps": ["alert": ["body": "hi"]],
        "gcm.message_id": "0:1",
        "google.c.a.e": "1",
        "items": [["id": 7], ["id": 8]],
        "a": ["b.c": ["d": true]],
    ]

    @Test("follows dotted keys, indices and quoted keys")
    func lookups() {
        #expect(value[path: "aps.alert.body"] == "hi")
        #expect(value[path: "items[1].id"] == 8)
        #expect(value[path: "items.0.id"] == 7)
        #expect(value[path: "[\"gcm.message_id\"]"] == "0:1")
        #expect(value[path: ["google.c.a.e"]] == "1")
        #expect(value[path: "aps.missing"] == nil)
        #expect(value[path: "items[5]"] == nil)
    }

    @Test("finds keys that contain dots without quoting")
    func dottedKeys() {
        #expect(value[path: "gcm.message_id"] == "0:1")
        #expect(value[path: "google.c.a.e"] == "1")
        #expect(value[path: "a.b.c.d"] == true)
    }

    @Test("prints back in text form")
    func description() {
        #expect(JSONPath("aps.alert[0]").description == "aps.alert[0]")
        #expect((["gcm.message_id"] as JSONPath).description == "[\"gcm.message_id\"]")
    }
}
