import Testing

@testable import HeraldCore

@Suite("Runtime: action routes")
@MainActor
struct RuntimeActionRouteTests {
    func config(_ actionRoutes: [ActionRoute]) -> RuntimeConfiguration {
        var config = RuntimeConfiguration()
        config.routes = [AppRoute(pattern: "app://article/:id", target: RouteTarget(screen: "Article", tab: "home"))]
        config.actionRoutes = actionRoutes
        return config
    }

    func article(_ id: String, category: String?) -> JSONValue {
        var aps: [String: JSONValue] = ["alert": ["title": "Title", "body": "Body"]]
        aps["category"] = category.map(JSONValue.string)
        return ["aps": .object(aps), "id": .string(id), "link": .string("app://article/\(id)"), "order_id": .string("o-\(id)")]
    }

    @Test("\"view\" mapped to the notification opens its item, as a tap does")
    func viewOpensItem() throws {
        let h = try RuntimeHarness(config([ActionRoute(category: "category2", action: "action-open", to: .notification)]))
        h.ready()
        h.runtime.didReceiveResponse(article("7", category: "category2"), action: "action-open")
        #expect(h.applied == [.push(Screen("Article", params: ["id": "7"]), tab: "home")])
        #expect(h.kinds == ["opened.action-open", "nav.push"])
    }

    @Test("an action mapped to a target goes there with parameters from the data; the category's own route wins")
    func targetWithParams() throws {
        let h = try RuntimeHarness(
            config([
                ActionRoute(category: nil, action: "track", to: .target(RouteTarget(screen: "Any"))),
                ActionRoute(
                    category: "order", action: "track", to: .target(RouteTarget(screen: "Trace", tab: "me"), dataParams: ["order": "order_id"])),
            ]))
        h.ready()
        h.runtime.didReceiveResponse(article("1", category: "order"), action: "track")
        h.runtime.didReceiveResponse(article("2", category: "other"), action: "track")
        #expect(h.applied == [
            .selectTab("me"), .push(Screen("Trace", params: ["order": "o-1"]), tab: "me"),
            .push(Screen("Any", params: [:]), tab: "me"),
        ])
    }

    @Test("an action route waits for the UI like a tap's route")
    func waitsForUI() throws {
        let h = try RuntimeHarness(config([ActionRoute(category: "category2", action: "action-open", to: .notification)]))
        h.runtime.didReceiveResponse(article("7", category: "category2"), action: "action-open")
        #expect(h.applied.isEmpty)
        h.runtime.uiReady()
        #expect(h.kinds == ["opened.action-open", "buffered.route", "nav.push"])
    }

    @Test("an action without a route opens the notification as a tap does, and is logged once per identifier")
    func fallbackLoggedOnce() throws {
        let logger = CollectingLogger()
        let h = try RuntimeHarness(config([ActionRoute(category: "category2", action: "action-open", to: .notification)]), logger: logger)
        h.ready()
        h.runtime.didReceiveResponse(article("1", category: "category2"), action: "action-like")
        h.runtime.didReceiveResponse(article("2", category: "category2"), action: "action-like")
        h.runtime.didReceiveResponse(article("3", category: "other"), action: "action-open")
        h.runtime.didReceiveResponse(article("4", category: "other"), action: "action-like")
        #expect(h.applied == ["1", "2", "3", "4"].map { .push(Screen("Article", params: ["id": $0]), tab: "home") })
        #expect(h.kinds == [
            "opened.action-like", "nav.push", "opened.action-like", "nav.push", "opened.action-open", "nav.push", "opened.action-like", "nav.push",
        ])
        #expect(logger.lines.count == 2)
        #expect(logger.lines.first?.contains("\"action-like\" of category \"category2\" has no action route") == true)
        #expect(logger.lines.first?.contains("opens the notification as a tap does") == true)
        #expect(logger.lines.last?.contains("\"action-open\" of category \"other\" has no action route") == true)
    }

    @Test("an action without a route waits for the UI and opens once, like a tap")
    func fallbackWaitsAndOpensOnce() throws {
        let h = try RuntimeHarness(config([]))
        h.runtime.didReceiveResponse(article("5", category: "category2"), action: "action-like")
        h.runtime.didReceiveResponse(article("5", category: "category2"), action: "action-like")
        #expect(h.applied.isEmpty)
        h.ready()
        #expect(h.applied == [.push(Screen("Article", params: ["id": "5"]), tab: "home")])
    }

    @Test("action routes are checked when the runtime is built", arguments: [
        ([ActionRoute(category: "c", action: "", to: .notification)], "invalid action route \"c/\" (actionRoutes[0]): the action identifier is empty"),
        ([ActionRoute(category: "c", action: NotificationAction.defaultIdentifier, to: .notification)], "the system's default or dismiss action"),
        ([ActionRoute(category: "", action: "a", to: .notification)], "the category is empty"),
        ([ActionRoute(category: nil, action: "a", to: .target(RouteTarget()))], "invalid action route \"*/a\" (actionRoutes[0]): the target has no screen"),
        (
            [ActionRoute(category: "c", action: "a", to: .notification), ActionRoute(category: "c", action: "a", to: .notification)],
            "(actionRoutes[1]): actionRoutes[0] already maps this action of this category"
        ),
    ])
    func validation(routes: [ActionRoute], message: String) throws {
        do {
            _ = try RuntimeHarness(config(routes))
            Issue.record("built with \(routes.map(\.name))")
        } catch let error as RouterError {
            #expect(error.isActionRoute)
            #expect(error.description.contains(message), "\(error)")
        }
    }

    @Test("the same action in a category and in every category is no duplicate")
    func categoryAndEveryCategory() throws {
        _ = try ActionRouter([
            ActionRoute(category: "c", action: "a", to: .notification), ActionRoute(category: nil, action: "a", to: .notification),
        ])
    }
}
