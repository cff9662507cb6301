import Testing

@testable import HeraldCore

@Suite("FieldRouter: routes by payload fields (posts 003 and 004)")
struct RoutingFieldRouterTests {
    enum Destination: Sendable, Hashable {
        case articleDetail, projectDetail, messages, topic, home
    }

    let router = FieldRouter<Destination>([
        FieldRoute(when: ["type": "articles"], target: .articleDetail, parameters: ["id": "conId"]),
        FieldRoute(when: ["type": "projects"], target: .projectDetail, parameters: ["id": "conId"]),
        FieldRoute(when: ["type": "messages"], target: .messages),
        FieldRoute(when: ["pushextr": "*"], target: .topic, parameters: ["uid": "pushextr"]),
    ])

    @Test("post 003: an article push opens the article with its conId as text")
    func article() {
        #expect(router.match(["type": "articles", "conId": 7]) == FieldMatch(target: .articleDetail, parameters: ["id": "7"]))
        #expect(router.match(["type": "projects", "conId": "p-9"]) == FieldMatch(target: .projectDetail, parameters: ["id": "p-9"]))
    }

    @Test("post 003: a message push has no parameters")
    func messages() {
        #expect(router.match(["type": "messages"]) == FieldMatch(target: .messages, parameters: [:]))
    }

    @Test("post 004: pushextr, when present, opens the topic")
    func pushextr() {
        #expect(router.match(["pushextr": "42"]) == FieldMatch(target: .topic, parameters: ["uid": "42"]))
        #expect(router.match(["pushextr": 42]) == FieldMatch(target: .topic, parameters: ["uid": "42"]))
        #expect(router.match(["pushextr": nil]) == nil)
        #expect(router.match(["other": 1]) == nil)
    }

    @Test("the first route whose conditions all hold wins, in order")
    func order() {
        #expect(router.match(["type": "messages", "pushextr": "42"])?.target == .messages)
        #expect(router.match(["type": "unknown", "pushextr": "42"])?.target == .topic)
        let twoConditions = FieldRouter<Destination>([
            FieldRoute(when: ["type": "articles", "featured": true], target: .home),
            FieldRoute(when: ["type": "articles"], target: .articleDetail),
        ])
        #expect(twoConditions.match(["type": "articles", "featured": "true"])?.target == .home)
        #expect(twoConditions.match(["type": "articles", "featured": false])?.target == .articleDetail)
        #expect(twoConditions.match(["type": "articles"])?.target == .articleDetail)
    }

    @Test("scalars compare as text")
    func scalarText() {
        func holds(_ expected: JSONValue, _ actual: JSONValue?) -> Bool {
            FieldRoute<Int>.condition(expected, holdsFor: actual)
        }
        #expect(holds("2", 2))
        #expect(holds(2, "2"))
        #expect(holds(2, 2.0))
        #expect(holds(true, "true"))
        #expect(holds("true", true))
        #expect(!holds(2, "2.5"))
        #expect(!holds("True", true))
        #expect(!holds(1, true))
        #expect(!holds("x", nil))
        #expect(!holds("2", [2]))
    }

    @Test("\"*\" means present and not null; null means missing or null; arrays and objects must be equal")
    func specialConditions() {
        func holds(_ expected: JSONValue, _ actual: JSONValue?) -> Bool {
            FieldRoute<Int>.condition(expected, holdsFor: actual)
        }
        #expect(holds("*", ""))
        #expect(holds("*", 0))
        #expect(holds("*", ["a": 1]))
        #expect(!holds("*", nil))
        #expect(!holds("*", .null))
        #expect(holds(nil, nil))
        #expect(holds(nil, .null))
        #expect(!holds(nil, 0))
        #expect(holds([1, "a"], [1, "a"]))
        #expect(!holds([1, "a"], ["1", "a"]))
        #expect(holds(["k": true], ["k": true]))
    }

    @Test("conditions and parameters follow JSON paths, dotted keys included")
    func paths() {
        let nested = FieldRouter<Destination>([
            FieldRoute(
                when: ["body.type": "articles", ["gcm.message_id"]: "*"], target: .articleDetail,
                parameters: ["id": "body.items[0].id", "message": ["gcm.message_id"], "missing": "body.nothing",
                    "object": "body"]),
        ])
        let data: [String: JSONValue] = [
            "body": ["type": "articles", "items": [["id": 5]]],
            "gcm.message_id": "0:99",
        ]
        #expect(nested.match(data) == FieldMatch(target: .articleDetail, parameters: ["id": "5", "message": "0:99"]))
        #expect(nested.match(["body": ["type": "articles"]]) == nil)
    }

    @Test("a route without conditions always matches, as a last resort")
    func catchAll() {
        let withHome = FieldRouter(router.routes + [FieldRoute(when: [:], target: .home)])
        #expect(withHome.match([:])?.target == .home)
        #expect(withHome.match(["type": "messages"])?.target == .messages)
        #expect(FieldRouter<Destination>([]).match(["type": "messages"]) == nil)
    }

    @Test("a notification is read from its data, then from its raw payload")
    func notification() {
        let decrypted = PushNotification(
            provider: .umeng, data: ["type": "articles", "conId": 31], raw: ["msg": "3DES...", "type": "ignored"])
        #expect(router.match(decrypted) == FieldMatch(target: .articleDetail, parameters: ["id": "31"]))
        let rawOnly = PushNotification(provider: .apns, data: [:], raw: ["aps": ["alert": "hi"], "pushextr": "8"])
        #expect(router.match(rawOnly) == FieldMatch(target: .topic, parameters: ["uid": "8"]))
    }
}
