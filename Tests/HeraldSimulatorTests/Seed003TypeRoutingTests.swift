import HeraldCore
import HeraldSimulator
import Testing

/// Seed post 003 (UMeng): routing by payload type and app state, in-app events, a detail
/// screen refreshed in place, and a cold start routed once the UI is ready.
@Suite("seed 003: type routing and refresh")
@MainActor
struct Seed003TypeRoutingTests {
    let launchArticle = "uu58410149135226345911"
    let article = "uu58410149135226345912"
    let message = "uu58410149135226345913"
    let follow = "uu58410149135226345914"
    let backgroundMessage = "uu58410149135226345915"
    let project = "uu58410149135226345916"

    @Test("a cold-start tap is buffered, then builds the home stack when the UI is ready")
    func coldStart() throws {
        let timeline = try Timeline(seed: .typeRouting003)
        let id = JSONValue.string(launchArticle)
        #expect(Array(timeline.entries.prefix(5)) == [
            line(0, "notification.received", ["id": id, "source": "launch", "state": "notRunning"]),
            line(0, "notification.opened", ["id": id]),
            line(0, "launch.buffered", ["id": id, "what": "route"]),
            line(0, "navigation", [
                "id": id, "kind": "stack", "tab": "home", "screen": "ArticleDetail", "params": ["id": "7"],
                "screens": [["screen": "ArticleDetail", "params": ["id": "7"]]],
            ]),
            line(0, "app.state", ["state": "active"]),
        ])
    }

    @Test("a daily article while its detail screen is visible refreshes it in place: no second push")
    func refreshInPlace() throws {
        let runner = try ScenarioRunner(Seed.typeRouting003.scenario())
        runner.runAll()
        let timeline = Timeline(runner.timeline)
        let id = JSONValue.string(article)
        #expect(timeline.about(article) == [
            line(0, "notification.received", ["id": id, "source": "remote", "state": "active"]),
            line(0, "banner.shown", ["id": id, "title": .null, "body": "Another great read"]),
            line(0.25, "banner.hidden", ["id": id, "reason": "tap"]),
            line(0.25, "notification.opened", ["id": id]),
            line(0.25, "navigation", ["id": id, "kind": "refresh", "screen": "ArticleDetail", "params": ["id": "9"]]),
        ])
        #expect(runner.navigation.stacks["home"] == [Screen("ArticleDetail", params: ["id": "9"])])
    }

    @Test("messages raise chatMessage and badgeChanged, follows raise refreshLists, articles nothing")
    func appEvents() throws {
        let timeline = try Timeline(seed: .typeRouting003)
        func names(_ id: String) -> [String] {
            timeline.named("app.event", ["id": .string(id)]).compactMap { $0.fields["name"]?.stringValue }
        }
        #expect(names(message) == ["chatMessage", "badgeChanged"])
        #expect(names(follow) == ["refreshLists"])
        #expect(names(article).isEmpty && names(project).isEmpty && names(launchArticle).isEmpty)
        // Events come with the arrival, before the message's banner (which waits its turn).
        let received = try #require(timeline.index("notification.received", ["id": .string(message)]))
        #expect(timeline.entries[received + 1] == line(0, "app.event", ["id": .string(message), "name": "chatMessage"]))
        #expect(timeline.entries[received + 2] == line(0, "app.event", ["id": .string(message), "name": "badgeChanged"]))
    }

    @Test("a banner that arrives while another is leaving shows after the hide animation")
    func waitingBanner() throws {
        let timeline = try Timeline(seed: .typeRouting003)
        let id = JSONValue.string(message)
        #expect(timeline.named("banner.shown", ["id": id]).map(\.time) == [0.5])
        #expect(timeline.named("banner.hidden", ["id": id]) == [line(5.75, "banner.hidden", ["id": id, "reason": "timeout"])])
        #expect(timeline.named("navigation", ["id": id]).isEmpty)
    }

    @Test("a message tapped from the background selects the messages tab and pops it to its root")
    func backgroundMessageTap() throws {
        let runner = try ScenarioRunner(Seed.typeRouting003.scenario())
        runner.runAll()
        let timeline = Timeline(runner.timeline)
        let id = JSONValue.string(backgroundMessage)
        #expect(timeline.about(backgroundMessage) == [
            line(12, "system.notification", ["id": id, "options": allOptions, "source": "remote", "by": "system"]),
            line(12, "notification.opened", ["id": id]),
            line(12, "navigation", ["id": id, "kind": "selectTab", "tab": "messages"]),
            line(12, "navigation", ["id": id, "kind": "popToRoot", "tab": "messages"]),
        ])
        let pop = try #require(timeline.index("navigation", ["kind": "popToRoot"]))
        #expect(timeline.entries[pop + 1] == line(12, "app.state", ["state": "active"]))
        // The chat room the user had open is gone.
        #expect(runner.navigation.stacks["messages"] == [])
    }

    @Test("a project from another tab selects that tab, then pushes its detail screen")
    func projectPush() throws {
        let runner = try ScenarioRunner(Seed.typeRouting003.scenario())
        runner.runAll()
        let timeline = Timeline(runner.timeline)
        let id = JSONValue.string(project)
        #expect(timeline.named("navigation", ["id": id]) == [
            line(12.25, "navigation", ["id": id, "kind": "selectTab", "tab": "projects"]),
            line(12.25, "navigation", ["id": id, "kind": "push", "screen": "ProjectDetail", "tab": "projects", "params": ["id": "31"]]),
        ])
        #expect(runner.navigation.selectedTab == "projects")
        #expect(runner.navigation.stacks["projects"] == [Screen("ProjectDetail", params: ["id": "31"])])
    }

    @Test("the whole timeline navigates stack, refresh, selectTab, popToRoot, selectTab, push")
    func navigationKinds() throws {
        let timeline = try Timeline(seed: .typeRouting003)
        #expect(timeline.navigationKinds == ["stack", "refresh", "selectTab", "popToRoot", "selectTab", "push"])
        #expect(timeline.named("banner.hidden").compactMap { $0.fields["reason"]?.stringValue } == ["tap", "timeout", "timeout", "tap"])
    }
}
