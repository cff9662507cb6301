import HeraldCore
import HeraldSimulator
import Testing

/// Seed post 000 (GeTui): the custom in-app banner while active (5 s, tap opens, swipe up
/// dismisses), the system notification otherwise, and routing by `urltype`.
@Suite("seed 000: banner and URL routing")
@MainActor
struct Seed000BannerRoutingTests {
    let first = "GT-1:5077:a1"
    let redPacket = "GT-1:5078:a2"
    let swiped = "GT-1:5079:a3"
    let web = "GT-1:5080:a4"
    let profit = "GT-1:5081:a5"

    @Test("an untapped banner hides itself 5.25 s after it started showing: 0.25 s slide-in, then 5 s")
    func timeout() throws {
        let timeline = try Timeline(seed: .banner000)
        #expect(timeline.about(first) == [
            line(0, "notification.received", ["id": "GT-1:5077:a1", "source": "remote", "state": "active"]),
            line(0, "banner.shown", ["id": "GT-1:5077:a1", "title": "Official support", "body": "Your parcel is on its way"]),
            line(5.25, "banner.hidden", ["id": "GT-1:5077:a1", "reason": "timeout"]),
        ])
    }

    @Test("a tap hides the banner, then pushes the red-packet page with the query id and the fixed kind")
    func tapHidesThenPushes() throws {
        let timeline = try Timeline(seed: .banner000)
        #expect(timeline.about(redPacket) == [
            line(6, "notification.received", ["id": "GT-1:5078:a2", "source": "remote", "state": "active"]),
            line(6, "banner.shown", ["id": "GT-1:5078:a2", "title": "Red packet", "body": "A coupon for you"]),
            line(7, "banner.hidden", ["id": "GT-1:5078:a2", "reason": "tap"]),
            line(7, "notification.opened", ["id": "GT-1:5078:a2"]),
            line(7, "navigation", [
                "id": "GT-1:5078:a2", "kind": "push", "screen": "RedPacket", "tab": "home",
                "params": ["id": "991", "kind": "coupon"],
            ]),
        ])
    }

    @Test("a swipe up of 40 pt on an 88 pt banner dismisses it and opens nothing")
    func swipeDismisses() throws {
        let timeline = try Timeline(seed: .banner000)
        #expect(timeline.about(swiped) == [
            line(8, "notification.received", ["id": "GT-1:5079:a3", "source": "remote", "state": "active"]),
            line(8, "banner.shown", ["id": "GT-1:5079:a3", "title": "Weekend sale", "body": "Everything half price"]),
            line(9, "banner.hidden", ["id": "GT-1:5079:a3", "reason": "swipe"]),
        ])
    }

    @Test("a link no route matches opens the generic web page titled with the push title")
    func genericWebPage() throws {
        let timeline = try Timeline(seed: .banner000)
        // The tap lands during the slide-in: the banner hides right after it has appeared.
        #expect(timeline.about(web) == [
            line(10, "notification.received", ["id": "GT-1:5080:a4", "source": "remote", "state": "active"]),
            line(10, "banner.shown", ["id": "GT-1:5080:a4", "title": "Weekend sale", "body": "Last hours"]),
            line(10.25, "banner.hidden", ["id": "GT-1:5080:a4", "reason": "tap"]),
            line(10.25, "notification.opened", ["id": "GT-1:5080:a4"]),
            line(10.25, "navigation", [
                "id": "GT-1:5080:a4", "kind": "openWeb", "url": "https://promo.example.org/sale?from=push",
                "title": "Weekend sale",
            ]),
        ])
    }

    @Test("in the background iOS shows the push itself; a native code needs a login, then pushes")
    func nativeNeedsLogin() throws {
        let timeline = try Timeline(seed: .banner000)
        #expect(timeline.about(profit) == [
            line(11, "system.notification", [
                "id": "GT-1:5081:a5", "options": allOptions, "source": "remote", "by": "system",
            ]),
            line(11, "notification.opened", ["id": "GT-1:5081:a5"]),
            line(11, "auth.required", ["id": "GT-1:5081:a5", "screen": "Profit"]),
            line(11, "navigation", ["id": "GT-1:5081:a5", "kind": "push", "screen": "Profit", "tab": "home", "params": [:]]),
        ])
        // The tap brings the app to the foreground; the push waits for the login step.
        let auth = try #require(timeline.index("auth.required"))
        let active = try #require(timeline.entries.lastIndex { $0.event == "app.state" })
        let push = try #require(timeline.index("navigation", ["screen": "Profit"]))
        #expect(auth < active && active < push)
        #expect(push == timeline.entries.count - 1)
        #expect(timeline.named("banner.shown", ["id": "GT-1:5081:a5"]).isEmpty)
    }

    @Test("without the login step the native route stays parked")
    func parkedWithoutLogin() throws {
        var scenario = try Seed.banner000.scenario()
        #expect(scenario.steps.last == .login(true))
        scenario.steps.removeLast()
        let timeline = try Timeline(scenario)
        #expect(timeline.named("auth.required").count == 1)
        #expect(timeline.named("navigation", ["id": .string(profit)]).isEmpty)
    }

    @Test("a user logged in from the start goes to the profit page at the tap")
    func loggedInFromStart() throws {
        var scenario = try Seed.banner000.scenario()
        scenario.configuration.loggedIn = true
        let timeline = try Timeline(scenario)
        #expect(timeline.named("auth.required").isEmpty)
        let opened = try #require(timeline.index("notification.opened", ["id": .string(profit)]))
        #expect(timeline.entries[opened + 1].event == "navigation")
        #expect(timeline.entries[opened + 1].has(["kind": "push", "screen": "Profit"]))
    }

    @Test("four banners, each shown once and hidden once: timeout, tap, swipe, tap")
    func bannerCounts() throws {
        let timeline = try Timeline(seed: .banner000)
        #expect(timeline.named("banner.shown").count == 4)
        #expect(timeline.named("banner.hidden").compactMap { $0.fields["reason"]?.stringValue } == ["timeout", "tap", "swipe", "tap"])
        #expect(timeline.named("banner.dropped").isEmpty)
        #expect(timeline.navigationKinds == ["push", "openWeb", "push"])
    }

    @Test("every screen lands on the selected tab's stack, the web page among them")
    func finalNavigation() throws {
        let runner = try ScenarioRunner(Seed.banner000.scenario())
        runner.runAll()
        let state = runner.navigation
        #expect(state.selectedTab == "home")
        #expect(state.stacks["home"] == [
            Screen("RedPacket", params: ["id": "991", "kind": "coupon"]),
            Screen(Screen.web, params: ["url": "https://promo.example.org/sale?from=push", "title": "Weekend sale"]),
            Screen("Profit"),
        ])
        #expect(state.presented == nil)
    }
}
