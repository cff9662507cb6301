import Testing

@testable import HeraldCore

@Suite("Runtime: routing")
@MainActor
struct RuntimeRoutingTests {
    func config() -> RuntimeConfiguration {
        var config = RuntimeConfiguration()
        config.routes = [
            AppRoute(pattern: "app://article/:id", target: RouteTarget(screen: "Article", tab: "home", reuse: .refresh)),
            AppRoute(pattern: "app://profit", target: RouteTarget(screen: "Profit", requiresAuth: true)),
        ]
        config.fieldRoutes = [FieldRoute(when: ["type": "messages"], target: RouteTarget(tab: "messages", popToRoot: true))]
        config.fallback = AppRoute(pattern: "*", target: RouteTarget(presentation: .web), dataParams: ["title": "title"])
        return config
    }

    @Test("a cold-start tap waits for the UI, builds the stack, and its response does not route again")
    func coldStart() throws {
        let h = try RuntimeHarness(config())
        let payload = push("n1", ["link": "app://article/7"])
        h.runtime.launch(with: payload)
        h.runtime.didReceiveResponse(payload)
        #expect(h.applied.isEmpty)
        h.runtime.uiReady()
        #expect(h.applied == [.stack(tab: "home", screens: [Screen("Article", params: ["id": "7"])])])
        #expect(h.kinds == ["received", "opened", "buffered.route", "nav.stack"])
    }

    @Test("taps before the UI is ready are released in order on uiReady")
    func bufferOrder() throws {
        let h = try RuntimeHarness(config())
        h.runtime.didReceiveResponse(push("a", ["link": "app://article/1"]))
        h.runtime.didReceiveResponse(push("b", ["type": "messages"]))
        h.runtime.uiReady()
        #expect(h.applied == [.push(Screen("Article", params: ["id": "1"]), tab: "home"), .selectTab("messages")])
    }

    @Test("an article already visible is refreshed in place, not pushed twice")
    func refresh() throws {
        let h = try RuntimeHarness(config())
        h.ready()
        h.runtime.didReceiveResponse(push("a", ["link": "app://article/1"]))
        h.runtime.didReceiveResponse(push("b", ["link": "app://article/2"]))
        #expect(h.applied.map(\.kind) == ["push", "refresh"])
        #expect(h.state.stacks["home"] == [Screen("Article", params: ["id": "2"])])
    }

    @Test("a route that needs a user is parked until login, replaced by a newer one, dropped at logout")
    func authGate() throws {
        var c = config()
        c.loggedIn = false
        let h = try RuntimeHarness(c)
        h.ready()
        h.runtime.didReceiveResponse(push("a", ["link": "app://profit"]))
        h.runtime.didReceiveResponse(push("b", ["link": "app://profit"]))
        #expect(h.kinds == ["opened", "auth", "opened", "dropped.replaced", "auth"])
        h.runtime.login()
        #expect(h.applied.map(\.kind) == ["push"])
        h.runtime.logout()
        h.runtime.didReceiveResponse(push("c", ["link": "app://profit"]))
        h.runtime.logout()
        #expect(h.kinds.suffix(3) == ["opened", "auth", "dropped.logout"])
        h.runtime.login()
        #expect(h.applied.count == 1, "the dropped route never runs")
    }

    @Test("unknown links fall back to a web page titled from the data; no link and no data route is unmatched")
    func fallbackAndUnmatched() throws {
        let h = try RuntimeHarness(config())
        h.ready()
        h.runtime.didReceiveResponse(push("a", ["link": "https://example.org/sale", "title": "Sale"]))
        #expect(h.applied == [.openWeb(url: "https://example.org/sale", title: "Sale")])
        h.runtime.didReceiveResponse(push("b"))
        #expect(h.kinds.last == "unmatched")
    }

    @Test("the dismiss action never navigates; a custom action without a route opens the notification once, as a tap does")
    func actions() throws {
        let h = try RuntimeHarness(config())
        h.ready()
        h.runtime.didReceiveResponse(push("a", ["link": "app://article/1"]), action: NotificationAction.dismissIdentifier)
        #expect(h.kinds == ["dismissed"])
        #expect(h.applied.isEmpty)
        h.runtime.didReceiveResponse(push("b", ["link": "app://article/1"]), action: "like", text: "nice")
        #expect(h.kinds == ["dismissed", "opened.like", "nav.push"])
        h.runtime.didReceiveResponse(push("b", ["link": "app://article/1"]), action: NotificationAction.defaultIdentifier)
        #expect(h.applied.map(\.kind) == ["push"])
    }

    @Test("duplicate route patterns are refused when the runtime is built")
    func validation() {
        var c = config()
        c.routes.append(AppRoute(pattern: "app://article/:other", target: RouteTarget(screen: "X")))
        #expect(throws: RouterError.self) { try RuntimeHarness(c) }
    }

    @Test("events() streams the same events in order")
    func stream() async throws {
        let h = try RuntimeHarness(config())
        let stream = h.runtime.events()
        h.ready()
        h.runtime.didReceiveResponse(push("a", ["link": "app://article/1"]))
        var seen: [String] = []
        for await event in stream {
            switch event {
            case .stateChanged(let state): seen.append(state.rawValue)
            case .opened: seen.append("opened")
            case .navigation(let command, _): seen.append(command.kind)
            default: seen.append("other")
            }
            if seen.last == "push" || seen.count == 10 { break }
        }
        #expect(seen == ["active", "opened", "push"])
    }
}
