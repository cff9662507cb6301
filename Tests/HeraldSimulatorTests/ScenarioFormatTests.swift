import HeraldCore
import HeraldSimulator
import Testing

/// What each key of a scenario becomes (docs/simulate.md, "The scenario format").
@Suite("scenario format")
struct ScenarioFormatTests {
    @Test("an empty app gets the defaults: one tab named main, banner in the foreground, logged in, 5 s, 88 pt, 2 s")
    func defaults() throws {
        let parsed = try scenario(#"{"steps": []}"#)
        #expect(parsed.tabs == ["main"])
        #expect(parsed.bannerHeight == 88)
        #expect(parsed.hookDelay == nil && parsed.hookDecision == nil)
        #expect(parsed.steps.isEmpty)
        let config = parsed.configuration
        #expect(config.policy.foreground == .banner)
        #expect(config.policy.repostRemoteInForeground == false)
        #expect(config.loggedIn == true)
        #expect(config.hookTimeout == 2)
        #expect(config.banner.visibleDuration == 5)
        #expect(config.banner.animationDuration == 0.25)
        #expect(config.routes.isEmpty && config.fieldRoutes.isEmpty && config.fallback == nil && config.events.isEmpty)
    }

    @Test("every app key is read")
    func appKeys() throws {
        let parsed = try scenario(
            """
            {"app": {
              "tabs": ["home", "me"], "foreground": "confirm", "repostInForeground": true, "loggedIn": false,
              "bannerDuration": 3, "bannerHeight": 60, "hookTimeout": 1.5, "hook": {"after": 0.5, "decision": "repost"},
              "routes": [{"pattern": "app://article/<int:id>", "screen": "Article", "tab": "me", "requiresAuth": true,
                          "reuse": "refresh", "presentation": "present", "popToRoot": true,
                          "params": {"title": "title"}, "fixedParams": {"kind": "news", "level": 2, "pro": true}}],
              "fieldRoutes": [{"when": {"type": "messages", "n": 2}, "tab": "me", "popToRoot": true}],
              "fallback": {"presentation": "web", "params": {"title": "aps.alert.title"}},
              "events": [{"name": "chat", "when": {"type": "messages"}}]
            }, "steps": []}
            """)
        #expect(parsed.tabs == ["home", "me"])
        #expect(parsed.bannerHeight == 60)
        #expect(parsed.hookDelay == 0.5)
        #expect(parsed.hookDecision == .repostAsLocal)
        let config = parsed.configuration
        #expect(config.policy.foreground == .confirm)
        #expect(config.policy.repostRemoteInForeground)
        #expect(config.loggedIn == false)
        #expect(config.banner.visibleDuration == 3)
        #expect(config.hookTimeout == 1.5)

        let route = try #require(config.routes.first)
        #expect(route.pattern == "app://article/<int:id>")
        #expect(route.target == RouteTarget(
            screen: "Article", tab: "me", params: ["kind": "news", "level": "2", "pro": "true"], presentation: .present,
            reuse: .refresh, popToRoot: true, requiresAuth: true))
        #expect(route.dataParams == ["title": JSONPath("title")])

        let field = try #require(config.fieldRoutes.first)
        #expect(field.conditions == [JSONPath("type"): "messages", JSONPath("n"): 2])
        #expect(field.target == RouteTarget(tab: "me", popToRoot: true))

        let fallback = try #require(config.fallback)
        #expect(fallback.target.presentation == .web)
        #expect(fallback.dataParams == ["title": JSONPath("aps.alert.title")])

        #expect(config.events.map(\.name) == ["chat"])
        #expect(config.events.first?.when == [JSONPath("type"): "messages"])
    }

    @Test("each hook decision word", arguments: [
        ("banner", PresentationDecision.banner), ("confirm", .confirm), ("system", .system(.all)), ("silent", .silent),
        ("route", .route), ("repost", .repostAsLocal),
    ])
    func hookDecisions(_ word: String, _ decision: PresentationDecision) throws {
        let parsed = try scenario(#"{"app": {"hook": {"decision": "\#(word)"}}, "steps": []}"#)
        #expect(parsed.hookDecision == decision)
        #expect(parsed.hookDelay == nil)
    }

    @Test("each step kind and its syntax")
    func stepKinds() throws {
        let payload: JSONValue = ["aps": ["alert": "Hi"], "id": "n1"]
        let parsed = try scenario(
            """
            {"steps": [
              {"launch": {}}, {"launch": {"notification": {"aps": {"alert": "Hi"}, "id": "n1"}}}, {"uiReady": true},
              {"state": "active"}, {"state": "inactive"}, {"state": "background"}, {"state": "notRunning"},
              {"receive": {"aps": {"alert": "Hi"}, "id": "n1"}}, {"local": {"aps": {"alert": "Hi"}, "id": "n1"}},
              {"tap": "banner"}, {"tap": "notification"}, {"tap": {"notification": "n1"}}, {"tap": {"notification": 2038183454}},
              {"tap": "alert.show"}, {"tap": "alert.cancel"},
              {"action": {"id": "reply", "text": "On my way", "notification": "n1"}}, {"action": {"id": "like"}},
              {"swipe": {"dy": -40, "vy": -300}}, {"swipe": {"dy": -10}},
              {"touch": "down"}, {"touch": "up"}, {"advance": 5.25}, {"advance": 0},
              {"login": true}, {"login": false}, {"login": null}, {"logout": true},
              {"show": {"screen": "ChatRoom", "params": {"with": "maya", "n": 2}, "tab": "main"}}, {"show": {"screen": "Home"}},
              {"selectTab": "main"}
            ]}
            """)
        #expect(parsed.steps == [
            .launch(nil), .launch(payload), .uiReady,
            .state(.active), .state(.inactive), .state(.background), .state(.notRunning),
            .receive(payload, local: false), .receive(payload, local: true),
            .tapBanner, .tapNotification(id: nil), .tapNotification(id: "n1"), .tapNotification(id: "2038183454"),
            .answerAlert(show: true), .answerAlert(show: false),
            .action(id: "reply", text: "On my way", notification: "n1"), .action(id: "like", text: nil, notification: nil),
            .swipe(dy: -40, vy: -300), .swipe(dy: -10, vy: 0),
            .touch(down: true), .touch(down: false), .advance(5.25), .advance(0),
            .login(true), .login(false), .login(true), .login(false),
            .show(Screen("ChatRoom", params: ["with": "maya", "n": "2"]), tab: "main"), .show(Screen("Home"), tab: nil),
            .selectTab("main"),
        ])
    }

    @Test("each seed scenario reads", arguments: Seed.allCases)
    func seedsRead(_ seed: Seed) throws {
        let parsed = try seed.scenario()
        #expect(!parsed.steps.isEmpty)
        #expect(parsed.steps.first.map { if case .launch = $0 { true } else { false } } == true)
    }
}
