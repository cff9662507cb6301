import HeraldCore
import HeraldSimulator
import Testing

/// A category's actions chosen on a delivered notification: "查看" (view) opens the item.
@Suite("action route scenarios")
@MainActor
struct ActionRouteScenarioTests {
    static let app = #"""
        {"tabs": ["home", "me"], "routes": [{"pattern": "app://article/:id", "screen": "article", "tab": "home"}],
         "actionRoutes": [
           {"category": "category2", "action": "action-open", "open": "notification"},
           {"category": "category2", "action": "action-comment", "screen": "comments", "tab": "home", "params": {"article": "articleId"}}
         ]}
        """#

    static func push(_ id: String) -> String {
        #"{"receive": {"aps": {"alert": {"title": "推荐", "body": "文章 \#(id)"}, "category": "category2"}, "id": "\#(id)", "url": "app://article/\#(id)", "articleId": "\#(id)"}}"#
    }

    static func scenario(_ steps: [String]) -> String {
        #"{"app": \#(app), "steps": [{"launch": {}}, {"uiReady": true}, {"state": "background"}, \#(steps.joined(separator: ", "))]}"#
    }

    @Test("\"查看\" (action-open) on a delivered notification opens its item")
    func viewOpensItem() throws {
        let timeline = try Timeline(Self.scenario([Self.push("7"), #"{"action": {"id": "action-open", "notification": "7"}}"#]))
        #expect(timeline.named("notification.opened") == [line(0, "notification.opened", ["id": "7", "action": "action-open"])])
        let navigation = try #require(timeline.named("navigation", ["kind": "push"]).first)
        #expect(navigation.fields["screen"] == "article")
        #expect(navigation.params == ["id": "7"])
    }

    @Test("a mapped action goes to its own target; an unmapped one opens its item as a tap does")
    func targetAndFallback() throws {
        let timeline = try Timeline(
            Self.scenario([
                Self.push("8"), Self.push("9"), #"{"action": {"id": "action-comment", "text": "好", "notification": "8"}}"#,
                #"{"action": {"id": "action-like", "notification": "9"}}"#,
            ]))
        #expect(timeline.named("notification.opened").compactMap { $0.fields["action"]?.stringValue } == ["action-comment", "action-like"])
        let pushes = timeline.named("navigation", ["kind": "push"])
        #expect(pushes.count == 2)
        #expect(pushes.first?.fields["screen"] == "comments")
        #expect(pushes.first?.params == ["article": "8"])
        #expect(pushes.last?.fields["screen"] == "article")
        #expect(pushes.last?.params == ["id": "9"])
    }

    @Test("a bad action route is refused with its path", arguments: [
        (#"[{"action": "a", "open": "link"}]"#, "app.actionRoutes[0].open"),
        (#"[{"category": "c"}]"#, "app.actionRoutes[0].action"),
        (#"[{"action": "a"}]"#, "app.actionRoutes[0]"),
        (#"[{"action": "a", "open": "notification"}, {"action": "a", "open": "notification"}]"#, "app.actionRoutes[1]"),
    ])
    func refused(routes: String, path: String) {
        let error = parseError(#"{"app": {"actionRoutes": \#(routes)}, "steps": []}"#)
        #expect(error?.path == path, "\(String(describing: error))")
    }
}
