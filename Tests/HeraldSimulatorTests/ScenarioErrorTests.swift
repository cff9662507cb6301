import HeraldCore
import HeraldSimulator
import Testing

/// A scenario that cannot be run is refused with the path of the mistake and what to write.
@Suite("scenario errors")
struct ScenarioErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var json: String
        var path: String
        var message: String
        var testDescription: String { path }

        init(_ json: String, _ path: String, _ message: String) {
            self.json = json
            self.path = path
            self.message = message
        }
    }

    /// Four harmless steps so that the broken one is `steps[3]`.
    static func steps(_ step: String, app: String = "{}") -> String {
        #"{"app": \#(app), "steps": [{"launch": {}}, {"uiReady": true}, {"state": "active"}, \#(step)]}"#
    }

    static let stepCases: [Case] = [
        Case(steps(#"{"swipe": {"dy": "up"}}"#), "steps[3].swipe.dy", "expected a number, found a string"),
        Case(steps(#"{"swipe": {"vy": -300}}"#), "steps[3].swipe.dy", "expected the vertical translation in points"),
        Case(steps(#"{"swipe": {"dy": -40, "vy": true}}"#), "steps[3].swipe.vy", "expected a number, found a Boolean"),
        Case(steps(#"{"jump": 3}"#), "steps[3]", #"unknown step "jump"; use one of launch, uiReady, state, receive, local, passThrough, tap, action, swipe, touch, advance, login, logout, show, selectTab, clearBadge"#),
        Case(steps(#"{"advance": 1, "tap": "banner"}"#), "steps[3]", "a step is an object with one key, one of launch, uiReady"),
        Case(steps(#"{}"#), "steps[3]", "a step is an object with one key"),
        Case(steps(#""advance""#), "steps[3]", "a step is an object with one key"),
        Case(steps(#"{"advance": -1}"#), "steps[3].advance", "expected seconds, zero or more"),
        Case(steps(#"{"advance": "1s"}"#), "steps[3].advance", "expected a number, found a string"),
        Case(steps(#"{"state": "asleep"}"#), "steps[3].state", "expected active, inactive, background or notRunning"),
        Case(steps(#"{"receive": "hello"}"#), "steps[3].receive", "expected a notification payload object"),
        Case(steps(#"{"local": [1]}"#), "steps[3].local", "expected a notification payload object"),
        Case(steps(#"{"launch": "cold"}"#), "steps[3].launch", #"expected {} or {"notification": {...}}"#),
        Case(steps(#"{"tap": "twice"}"#), "steps[3].tap", #"expected "banner", "notification", {"notification": ID}, "alert.show" or "alert.cancel""#),
        Case(steps(#"{"action": {"text": "hi"}}"#), "steps[3].action.id", "expected the action's identifier"),
        Case(steps(#"{"action": {"id": "reply", "text": 7}}"#), "steps[3].action.text", "expected a string, found an integer"),
        Case(steps(#"{"touch": "hold"}"#), "steps[3].touch", #"expected "down" or "up""#),
        Case(steps(#"{"login": "yes"}"#), "steps[3].login", "expected true or false, found a string"),
        Case(steps(#"{"show": {"params": {}}}"#), "steps[3].show.screen", "expected the screen's name"),
        Case(steps(#"{"show": {"screen": "A", "tab": 2}}"#), "steps[3].show.tab", "expected a string, found an integer"),
        Case(steps(#"{"selectTab": 1}"#), "steps[3].selectTab", "expected a tab name"),
    ]

    static let appCases: [Case] = [
        Case(#"[]"#, "scenario", #"expected an object with "app" and "steps""#),
        Case(#"{"app": {}}"#, "steps", "expected an array of steps"),
        Case(#"{"app": [], "steps": []}"#, "app", "expected an object"),
        Case(#"{"app": {"tabs": []}, "steps": []}"#, "app.tabs", "needs at least one tab"),
        Case(#"{"app": {"tabs": ["a", 2]}, "steps": []}"#, "app.tabs", "expected an array of strings"),
        Case(#"{"app": {"foreground": "toast"}, "steps": []}"#, "app.foreground", "expected banner, confirm, system or silent"),
        Case(#"{"app": {"repostInForeground": 1}, "steps": []}"#, "app.repostInForeground", "expected true or false, found an integer"),
        Case(#"{"app": {"loggedIn": "no"}, "steps": []}"#, "app.loggedIn", "expected true or false, found a string"),
        Case(#"{"app": {"bannerDuration": "5s"}, "steps": []}"#, "app.bannerDuration", "expected a number, found a string"),
        Case(#"{"app": {"bannerHeight": null, "hookTimeout": "2"}, "steps": []}"#, "app.hookTimeout", "expected a number, found a string"),
        Case(#"{"app": {"hook": {"after": "1"}}, "steps": []}"#, "app.hook.after", "expected a number, found a string"),
        Case(#"{"app": {"hook": {"decision": "toast"}}, "steps": []}"#, "app.hook.decision", "expected one of banner, confirm, repost, route, silent, system"),
        Case(#"{"app": {"routes": [{"screen": "A"}]}, "steps": []}"#, "app.routes[0].pattern", "expected a link pattern"),
        Case(#"{"app": {"tabs": ["home", "me"], "routes": [{"pattern": "app://a", "screen": "A", "tab": "cart"}]}, "steps": []}"#,
             "app.routes[0].tab", #""cart" is not one of app.tabs (home, me)"#),
        Case(#"{"app": {"fieldRoutes": [{"when": {"t": 1}, "screen": "A"}, {"when": {"t": 2}, "tab": "nope"}]}, "steps": []}"#,
             "app.fieldRoutes[1].tab", #""nope" is not one of app.tabs (main)"#),
        Case(#"{"app": {"fallback": {"presentation": "web", "tab": "web"}}, "steps": []}"#, "app.fallback.tab", #""web" is not one of app.tabs"#),
        Case(#"{"app": {"fallback": "web"}, "steps": []}"#, "app.fallback", "expected an object"),
        Case(#"{"app": {"fieldRoutes": [{"screen": "A"}]}, "steps": []}"#, "app.fieldRoutes[0].when", "expected an object of data fields to match"),
        Case(#"{"app": {"fieldRoutes": [{"when": {}, "screen": "A"}]}, "steps": []}"#, "app.fieldRoutes[0].when", "expected an object of data fields"),
        Case(#"{"app": {"routes": [{"pattern": "app://a"}]}, "steps": []}"#, "app.routes[0]", #"needs a screen, a tab, or "presentation": "web""#),
        Case(#"{"app": {"routes": [{"pattern": "app://a", "screen": 1}]}, "steps": []}"#, "app.routes[0].screen", "expected a string, found an integer"),
        Case(#"{"app": {"routes": [{"pattern": "app://a", "screen": "A", "reuse": "replace"}]}, "steps": []}"#, "app.routes[0].reuse", "expected push or refresh"),
        Case(#"{"app": {"routes": [{"pattern": "app://a", "screen": "A", "presentation": "sheet"}]}, "steps": []}"#,
             "app.routes[0].presentation", "expected push, present or web"),
        Case(#"{"app": {"routes": [{"pattern": "app://a", "screen": "A", "requiresAuth": "yes"}]}, "steps": []}"#,
             "app.routes[0].requiresAuth", "expected true or false"),
        Case(#"{"app": {"routes": [{"pattern": "app://a", "screen": "A", "popToRoot": 0}]}, "steps": []}"#, "app.routes[0].popToRoot", "expected true or false"),
        Case(#"{"app": {"routes": [{"pattern": "app://a", "screen": "A", "params": {"title": 3}}]}, "steps": []}"#,
             "app.routes[0].params.title", "expected the path of a data field"),
        Case(#"{"app": {"events": [{"name": "x"}]}, "steps": []}"#, "app.events[0]", #"expected {"name": ..., "when": {...}}"#),
    ]

    @Test("a broken step names steps[i] and the key", arguments: stepCases)
    func stepError(_ c: Case) throws {
        let error = try #require(parseError(c.json))
        #expect(error.path == c.path)
        #expect(error.message.contains(c.message), "\(error.message)")
        #expect(error.description == error.path + ": " + error.message)
    }

    @Test("a broken app names its key", arguments: appCases)
    func appError(_ c: Case) throws {
        let error = try #require(parseError(c.json))
        #expect(error.path == c.path)
        #expect(error.message.contains(c.message), "\(error.message)")
    }

    @Test("duplicate route patterns are refused when the scenario is read, naming both routes")
    func duplicatePatterns() throws {
        let error = try #require(parseError(
            #"{"app": {"routes": [{"pattern": "app://article/:id", "screen": "A"}, {"pattern": "app://article/:slug", "screen": "B"}]}, "steps": [{"launch": {}}]}"#))
        #expect(error.path == "app.routes[1].pattern")
        #expect(error.message.contains(#"invalid route pattern "app://article/:slug" (routes[1])"#), "\(error)")
        #expect(error.message.contains(#"same shape as "app://article/:id" (routes[0])"#), "\(error)")
    }

    @Test("a malformed pattern is refused the same way")
    func malformedPattern() throws {
        let error = try #require(parseError(#"{"app": {"routes": [{"pattern": "app://goods/<float:price>", "screen": "A"}]}, "steps": []}"#))
        #expect(error.path == "app.routes[0].pattern")
        #expect(error.message.contains(#"unknown placeholder type "float""#), "\(error)")
    }

    @Test("unknown keys in app and in routes are refused, so typos show")
    func unknownKeys() throws {
        let app = try #require(parseError(#"{"app": {"foregorund": "banner"}, "steps": []}"#))
        #expect(app.path == "app.foregorund")
        #expect(app.message.hasPrefix("unknown key; known keys are "))
        let route = try #require(parseError(#"{"app": {"routes": [{"pattern": "app://a", "screne": "A"}]}, "steps": []}"#))
        #expect(route.path == "app.routes[0].screne")
    }

    /// A typo here would select a tab the app does not have, and later pushes would land on it.
    @Test("a step naming a tab the app does not have is refused", arguments: [
        (#"{"selectTab": "cart"}"#, "steps[3].selectTab"),
        (#"{"show": {"screen": "A", "tab": "cart"}}"#, "steps[3].show.tab"),
    ])
    func unknownTabInStep(_ step: String, _ path: String) throws {
        let error = parseError(Self.steps(step, app: #"{"tabs": ["home", "me"]}"#))
        #expect(error?.path == path)
        #expect(error?.message.contains(#""cart" is not one of app.tabs (home, me)"#) == true, "\(String(describing: error))")
    }
}
