import Testing

@testable import HeraldCore

@Suite("Service Extension: content mutation and category rules")
struct ContentMutationTests {
    /// Post 002: GeTui, with the app's own `aps` inside the JSON string `payload`.
    static let post002: JSONValue = [
        "aps": ["alert": ["title": "Daily", "body": "Markets rally on rate news"], "mutable-content": 1, "sound": "default"],
        "_gmid_": "GT_1116_abc:def:123", "_ge_": 1,
        "payload": .string(#"{"aps":{"pushtopic":"Finance","pushimageurl":"https://img.example.com/a"}}"#),
    ]

    static let post002Composer = ContentComposer(
        mutations: [.set(.title, to: "經濟日報"), .copy(.subtitle, from: "payload.aps.pushtopic"), .copy(.body, from: "aps.alert.body")],
        categoryRules: [CategoryRule("category2")])

    func compose(_ payload: JSONValue, _ composer: ContentComposer, decoder: PayloadDecoder = PayloadDecoder()) throws
        -> (NotificationContent, [String])
    {
        let notification = try decoder.decode(payload)
        let (content, notes) = composer.compose(notification)
        return (composer.finish(content, notification: notification), notes)
    }

    @Test("post 002: fixed title, subtitle from the JSON string, body from aps.alert, category2")
    func post002() throws {
        let (content, notes) = try compose(Self.post002, Self.post002Composer)
        #expect(content.title == "經濟日報")
        #expect(content.subtitle == "Finance")
        #expect(content.body == "Markets rally on rate news")
        #expect(content.categoryIdentifier == "category2")
        #expect(content.sound == Sound(name: "default"))
        #expect(notes.isEmpty)
    }

    @Test("a JSON string is read even when the decoder's unwrappers are off")
    func throughJSONString() throws {
        var options = PayloadDecoderOptions()
        options.unwrappers = []
        let (content, _) = try compose(Self.post002, Self.post002Composer, decoder: PayloadDecoder(options: options))
        #expect(content.subtitle == "Finance")
    }

    @Test("a JSON string nested below the top level is read too")
    func nestedJSONString() throws {
        let payload: JSONValue = ["aps": ["alert": "x"], "ext": ["inner": .string(#"{"topic":{"name":"Sport"}}"#)]]
        let (content, _) = try compose(payload, ContentComposer(mutations: [.copy(.subtitle, from: "ext.inner.topic.name")]))
        #expect(content.subtitle == "Sport")
    }

    @Test("a missing field keeps what was there and says why")
    func missingField() throws {
        let payload: JSONValue = ["aps": ["alert": ["title": "T", "subtitle": "S", "body": "B"]], "payload": "not json"]
        let (content, notes) = try compose(payload, ContentComposer(mutations: [.copy(.subtitle, from: "payload.aps.pushtopic")]))
        #expect(content.subtitle == "S")
        #expect(notes.count == 1)
        #expect(notes.first?.contains("subtitle kept") == true)
    }

    @Test("the content as received: alert, category, thread and sound")
    func asReceived() throws {
        let payload: JSONValue = [
            "aps": ["alert": ["title": "T", "body": "B"], "category": "chat", "thread-id": "room-1", "sound": "ping.caf"]
        ]
        let (content, _) = try compose(payload, ContentComposer())
        #expect(
            content
                == NotificationContent(
                    title: "T", body: "B", categoryIdentifier: "chat", threadIdentifier: "room-1", sound: Sound(name: "ping.caf")))
    }

    @Test("Airship's content object replaces title, subtitle and body")
    func airshipContent() throws {
        let payload: JSONValue = [
            "aps": ["alert": ["title": "Plain", "body": "Plain body"], "mutable-content": 1], "_": "send-1",
            "com.urbanairship.media_attachment": [
                "url": ["https://cdn.example.com/x.jpg"], "content": ["title": "Rich", "subtitle": "Sub", "body": "Rich body"],
            ],
        ]
        let (content, notes) = try compose(payload, ContentComposer(mutations: [.airshipContent]))
        #expect(content.title == "Rich")
        #expect(content.subtitle == "Sub")
        #expect(content.body == "Rich body")
        #expect(notes.isEmpty)
    }

    @Test("a content object without text changes nothing and says so")
    func emptyContentObject() throws {
        let payload: JSONValue = ["aps": ["alert": "Body"], "content": ["image": "x"]]
        let (content, notes) = try compose(payload, ContentComposer(mutations: [.contentObject(at: "content")]))
        #expect(content.body == "Body")
        #expect(notes == ["content: the content object has no title, subtitle or body"])
    }

    @Test("thread id, sound and category can come from the payload; an app closure runs last")
    func fieldsAndClosure() throws {
        let payload: JSONValue = ["aps": ["alert": "Hi"], "room": "r-7", "tone": "bell.caf", "kind": "invite"]
        let composer = ContentComposer(mutations: [
            .copy(.threadID, from: "room"), .copy(.sound, from: "tone"), .copy(.category, from: "kind"),
            .custom("shout") { content, notification in
                content.body = (content.body ?? "").uppercased() + " (\(notification.provider))"
            },
        ])
        let (content, _) = try compose(payload, composer)
        #expect(content.threadIdentifier == "r-7")
        #expect(content.sound?.name == "bell.caf")
        #expect(content.categoryIdentifier == "invite")
        #expect(content.body == "HI (apns)")
    }

    @Test("numbers are read as text; empty strings are not")
    func scalars() throws {
        let payload: JSONValue = ["aps": ["alert": "Hi"], "count": 3, "empty": ""]
        let (content, notes) = try compose(
            payload, ContentComposer(mutations: [.copy(.subtitle, from: "count"), .copy(.title, from: "empty")]))
        #expect(content.subtitle == "3")
        #expect(content.title == nil)
        #expect(notes.count == 1)
    }

    @Test("category rules: first match wins; a rule can leave the payload's own category alone")
    func categoryRules() throws {
        let rules = [
            CategoryRule("orders", when: .field("payload.type", equals: "order"), replacingPayload: false),
            CategoryRule("getui", when: .provider(.getui)),
            CategoryRule("video", when: .hasAttachment(.video)),
            CategoryRule("fallback", when: .noPayloadCategory),
        ]
        let composer = ContentComposer(categoryRules: rules)
        let order: JSONValue = ["aps": ["alert": "x"], "payload": .string(#"{"type":"order"}"#)]
        #expect(try compose(order, composer).0.categoryIdentifier == "orders")
        let ownCategory: JSONValue = ["aps": ["alert": "x", "category": "mine"], "payload": .string(#"{"type":"order"}"#)]
        #expect(try compose(ownCategory, composer).0.categoryIdentifier == "mine")
        #expect(try compose(Self.post002, composer).0.categoryIdentifier == "getui")
        #expect(try compose(["aps": ["alert": "x"]], composer).0.categoryIdentifier == "fallback")
        #expect(try compose(["aps": ["alert": "x", "category": "keep"]], composer).0.categoryIdentifier == "keep")
    }

    @Test("an attachment rule sees the attachments known at delivery")
    func attachmentRule() throws {
        let notification = try PayloadDecoder().decode(["aps": ["alert": "x"]] as JSONValue)
        let composer = ContentComposer(categoryRules: [
            CategoryRule("video", when: .hasAttachment(.video)), CategoryRule("any", when: .hasAttachment(nil)),
        ])
        var content = composer.compose(notification).content
        #expect(composer.finish(content, notification: notification).categoryIdentifier == nil)
        content.attachments = [SavedAttachment(source: "u", path: "/tmp/a.jpg", format: .jpeg, bytes: 1)]
        #expect(composer.finish(content, notification: notification).categoryIdentifier == "any")
        content.attachments.append(SavedAttachment(source: "v", path: "/tmp/b.mp4", format: .mp4, bytes: 1))
        #expect(composer.finish(content, notification: notification).categoryIdentifier == "video")
    }
}
