import HeraldCore
import HeraldSimulator
import Testing

/// Seed post 001 (Pusher Beams, JPush): a cold-start tap routes once the UI is ready;
/// a remote push in the foreground is re-posted as a local notification that presents
/// with sound, alert and badge; the same push twice is shown once; a tap opens it once.
@Suite("seed 001: re-post and cold start")
@MainActor
struct Seed001RepostColdStartTests {
    let launchID = "pubid-33f3f68e-b0c5-438f-b50f-fae93f6c48df"
    let jpushID = "2038183454"

    @Test("the launch route waits for uiReady, then builds the orders stack at once")
    func launchWaitsForUI() throws {
        let timeline = try Timeline(seed: .repost001)
        let detail: JSONValue = ["screen": "OrderDetail", "params": ["orderId": "8842", "uid": "u-7"]]
        #expect(timeline.about(launchID) == [
            line(0, "notification.received", ["id": .string(launchID), "source": "launch", "state": "notRunning"]),
            line(0, "notification.opened", ["id": .string(launchID)]),
            line(0, "launch.buffered", ["id": .string(launchID), "what": "route"]),
            line(0.4, "navigation", [
                "id": .string(launchID), "kind": "stack", "tab": "orders", "screens": [detail],
                "screen": "OrderDetail", "params": ["orderId": "8842", "uid": "u-7"],
            ]),
        ])
        // Nothing navigates before the UI exists; the route runs before the app turns active.
        #expect(timeline.index("navigation") == 3)
        #expect(timeline.entries[4] == line(0.4, "app.state", ["state": "active"]))
    }

    @Test("the route follows uiReady wherever it comes, not a fixed delay", arguments: [0.0, 0.1, 1.7])
    func noMagicDelay(_ seconds: Double) throws {
        var scenario = try Seed.repost001.scenario()
        #expect(scenario.steps[1] == .advance(0.4))
        scenario.steps[1] = .advance(seconds)
        let timeline = try Timeline(scenario)
        let stack = try #require(timeline.named("navigation", ["kind": "stack"]).first)
        #expect(stack.time == seconds)
    }

    @Test("without uiReady the launch route is held, never applied")
    func heldWithoutUI() throws {
        var scenario = try Seed.repost001.scenario()
        scenario.steps = Array(scenario.steps.prefix(2))
        let timeline = try Timeline(scenario)
        #expect(timeline.named("launch.buffered", ["what": "route"]).count == 1)
        #expect(timeline.named("navigation").isEmpty)
    }

    @Test("a remote push in the foreground is re-posted and presented as local with sound and badge")
    func repostedAsLocal() throws {
        let timeline = try Timeline(seed: .repost001)
        let id = JSONValue.string(jpushID)
        let entries = timeline.about(jpushID)
        #expect(Array(entries.prefix(3)) == [
            line(0.4, "notification.received", ["id": id, "source": "remote", "state": "active"]),
            line(0.4, "local.posted", ["id": id]),
            // Presented by the runtime (no "by": "system"): the local echo uses the system options.
            line(0.4, "system.notification", ["id": id, "options": allOptions, "source": "local"]),
        ])
        #expect(timeline.named("banner.shown").isEmpty)
        // Neither the echo nor the second arrival of the same push is a second notification.
        #expect(timeline.named("notification.received", ["id": id]).compactMap { $0.fields["source"]?.stringValue } == ["remote"])
    }

    @Test("the same push arriving again is not presented again")
    func duplicateNotPresented() throws {
        let timeline = try Timeline(seed: .repost001)
        let id = JSONValue.string(jpushID)
        #expect(timeline.named("local.posted", ["id": id]).count == 1)
        #expect(timeline.named("system.notification", ["id": id]).count == 1)
        let entries = timeline.about(jpushID)
        #expect(entries.map(\.event) == [
            "notification.received", "local.posted", "system.notification", "notification.opened", "navigation",
        ])
    }

    @Test("a tap on the local echo opens the order once, on the orders tab")
    func tapNavigatesOnce() throws {
        let runner = try ScenarioRunner(Seed.repost001.scenario())
        runner.runAll()
        let timeline = Timeline(runner.timeline)
        let id = JSONValue.string(jpushID)
        #expect(timeline.named("notification.opened", ["id": id]).count == 1)
        #expect(timeline.named("navigation", ["id": id]) == [
            line(0.4, "navigation", [
                "id": id, "kind": "push", "screen": "OrderDetail", "tab": "orders",
                "params": ["orderId": "9001", "uid": "u-7"],
            ])
        ])
        #expect(runner.navigation.stacks["orders"] == [
            Screen("OrderDetail", params: ["orderId": "8842", "uid": "u-7"]),
            Screen("OrderDetail", params: ["orderId": "9001", "uid": "u-7"]),
        ])
    }

    @Test("the same push tapped again later, from the background, does not navigate twice")
    func secondTapIgnored() throws {
        var scenario = try Seed.repost001.scenario()
        guard case .receive(let payload, false) = scenario.steps[4] else {
            Issue.record("step 4 is not the JPush receive: \(scenario.steps[4])")
            return
        }
        scenario.steps += [.tapNotification(id: jpushID), .state(.background), .receive(payload, local: false), .tapNotification(id: jpushID)]
        let timeline = try Timeline(scenario)
        let id = JSONValue.string(jpushID)
        // The echo was taken out of the notification centre by the first tap.
        #expect(timeline.named("step.ignored").count == 1)
        #expect(timeline.named("system.notification", ["id": id, "by": "system"]).count == 1)
        #expect(timeline.named("notification.opened", ["id": id]).count == 1)
        #expect(timeline.named("navigation", ["id": id]).count == 1)
    }
}
