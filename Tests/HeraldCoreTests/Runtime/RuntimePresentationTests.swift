import Testing

@testable import HeraldCore

@Suite("Runtime: presentation")
@MainActor
struct RuntimePresentationTests {
    @Test("policy decisions for each source and state")
    func policyTable() {
        let n = PushNotification(provider: .apns, id: "1", content: AlertContent(body: "b"))
        let silent = PushNotification(provider: .apns, id: "2", aps: APS(contentAvailable: true))
        func decide(_ policy: PresentationPolicy, _ n: PushNotification, _ source: NotificationSource, _ state: AppState) -> PresentationDecision {
            policy.decide(PresentationContext(notification: n, source: source, state: state))
        }
        let banner = PresentationPolicy()
        #expect(decide(banner, n, .remote, .active) == .banner)
        #expect(decide(banner, n, .remote, .background) == .system(.all))
        #expect(decide(banner, n, .remote, .inactive) == .system(.all))
        #expect(decide(banner, n, .local, .active) == .system(.all))
        #expect(decide(banner, n, .launch, .notRunning) == .route)
        #expect(decide(banner, silent, .remote, .active) == .silent)
        #expect(decide(PresentationPolicy(foreground: .confirm), n, .remote, .active) == .confirm)
        #expect(decide(PresentationPolicy(foreground: .system, systemOptions: [.banner]), n, .remote, .active) == .system([.banner]))
        #expect(decide(PresentationPolicy(repostRemoteInForeground: true), n, .remote, .active) == .repostAsLocal)
    }

    @Test("a foreground push shows the banner; a tap hides it, then routes")
    func bannerTap() throws {
        var config = RuntimeConfiguration()
        config.routes = [AppRoute(pattern: "app://article/:id", target: RouteTarget(screen: "Article"))]
        let h = try RuntimeHarness(config)
        h.ready()
        var options: PresentationOptions?
        h.runtime.willPresent(push("n1", ["link": "app://article/7"])) { options = $0 }
        #expect(options == [])
        #expect(h.shownBanners.map(\.id) == ["n1"])
        h.clock.advance(by: 1)
        h.runtime.bannerTapped()
        #expect(h.kinds == ["received", "banner.show", "banner.hide.tap", "opened", "nav.push"])
        #expect(h.state.visibleScreen == Screen("Article", params: ["id": "7"]))
    }

    @Test("the banner hides itself after 5.25 s; leaving the foreground hides it at once")
    func bannerTimeouts() throws {
        let h = try RuntimeHarness()
        h.ready()
        h.runtime.willPresent(push("n1"))
        h.clock.advance(by: 5.249)
        #expect(!h.kinds.contains("banner.hide.timeout"))
        h.clock.advance(by: 0.001)
        #expect(h.kinds.last == "banner.hide.timeout")
        h.clock.advance(by: 1)
        h.runtime.willPresent(push("n2"))
        h.runtime.setState(.background)
        h.clock.advance(by: 0.25)  // a banner still sliding in leaves as soon as it is in
        #expect(h.kinds.last == "banner.hide.programmatic")
    }

    @Test("the same push twice is presented once; its local echo presents as a system notification")
    func duplicatesAndEcho() throws {
        let h = try RuntimeHarness(RuntimeConfiguration(policy: PresentationPolicy(repostRemoteInForeground: true)))
        h.ready()
        h.runtime.willPresent(push("n1"))
        h.runtime.willPresent(push("n1"))
        #expect(h.localPosts.map(\.id) == ["n1"])
        var echoOptions: PresentationOptions?
        h.runtime.willPresent(.object(h.localPosts[0].raw), source: .local) { echoOptions = $0 }
        #expect(echoOptions == .all)
        #expect(h.kinds == ["received", "repost", "system.local"], "the duplicate is neither announced nor presented")
    }

    @Test("the confirm alert routes on show and does nothing on cancel")
    func confirm() throws {
        var config = RuntimeConfiguration(policy: PresentationPolicy(foreground: .confirm))
        config.fieldRoutes = [FieldRoute(when: ["pushextr": "*"], target: RouteTarget(screen: "Detail"), parameters: ["id": "pushextr"])]
        let h = try RuntimeHarness(config)
        h.ready()
        h.runtime.willPresent(push("a", ["pushextr": "42"]))
        h.runtime.willPresent(push("b", ["pushextr": "43"]))
        #expect(h.pendingAlerts.count == 1, "one alert at a time")
        h.pendingAlerts[0](true)
        h.pendingAlerts[0](true)
        #expect(h.pendingAlerts.count == 2, "the next alert shows after the answer; a second answer changes nothing")
        h.pendingAlerts[1](false)
        #expect(h.kinds == ["received", "alert", "received", "alert.show", "opened", "nav.push", "alert", "alert.cancel"])
        #expect(h.state.visibleScreen == Screen("Detail", params: ["id": "42"]))
    }

    @Test("an app hook decides within the timeout, else the policy decides at the timeout, once")
    func hook() throws {
        let h = try RuntimeHarness(RuntimeConfiguration(hookTimeout: 2))
        h.ready()
        var answers: [@MainActor (PresentationDecision?) -> Void] = []
        h.runtime.presentationHook = { _, decide in answers.append(decide) }
        var fast: PresentationOptions?
        h.runtime.willPresent(push("fast")) { fast = $0 }
        answers[0](.system([.banner, .sound]))
        #expect(fast == [.banner, .sound])

        var slow: [PresentationOptions] = []
        h.runtime.willPresent(push("slow")) { slow.append($0) }
        h.clock.advance(by: 1.999)
        #expect(slow.isEmpty)
        h.clock.advance(by: 0.001)
        #expect(slow == [[]])
        #expect(h.shownBanners.map(\.id) == ["slow"])
        answers[1](.system(.all))
        answers[0](.silent)
        #expect(slow == [[]], "a late answer changes nothing")
        #expect(h.clock.pendingCount == 1, "only the banner's own timer is left")
    }

    @Test("in-app presentations wait for the UI, in order")
    func bufferedPresentation() throws {
        let h = try RuntimeHarness(RuntimeConfiguration(policy: PresentationPolicy(foreground: .confirm)))
        h.runtime.setState(.active)
        h.runtime.willPresent(push("a"))
        h.runtime.willPresent(push("b"))
        #expect(h.pendingAlerts.isEmpty)
        #expect(h.kinds == ["received", "buffered.presentation", "received", "buffered.presentation"])
        h.runtime.uiReady()
        #expect(h.pendingAlerts.count == 1)
        h.pendingAlerts[0](false)
        #expect(h.pendingAlerts.count == 2)
        #expect(h.kinds.suffix(3) == ["alert", "alert.cancel", "alert"])
    }

    @Test("a payload that is not an object is rejected, and the completion still runs")
    func rejected() throws {
        let h = try RuntimeHarness()
        h.ready()
        var options: PresentationOptions?
        h.runtime.willPresent([1, 2]) { options = $0 }
        #expect(options == [])
        #expect(h.kinds == ["rejected"])
    }

    @Test("an alert with content-available reaches the app through both callbacks but is announced once")
    func bothCallbacks() throws {
        var config = RuntimeConfiguration()
        config.events = [AppEventRule(name: "chat", when: ["type": "chat"])]
        let h = try RuntimeHarness(config)
        h.ready()
        let payload: JSONValue = ["aps": ["alert": "Hi", "content-available": 1], "id": "c1", "type": "chat"]
        h.runtime.willPresent(payload)
        h.runtime.didReceiveSilent(payload)
        #expect(h.kinds.filter { $0 == "received" || $0.hasPrefix("app.") } == ["received", "app.chat"])
    }

    @Test("silent pushes raise app events and show nothing")
    func silentEvents() throws {
        var config = RuntimeConfiguration()
        config.events = [AppEventRule(name: "refreshLists", when: ["type": "like"])]
        let h = try RuntimeHarness(config)
        h.ready()
        h.runtime.didReceiveSilent(["aps": ["content-available": 1], "type": "like"])
        #expect(h.kinds == ["received", "app.refreshLists"])
    }
}

@Suite("Runtime: async hook")
@MainActor
struct RuntimeAsyncHookTests {
    @Test("an async hook's answer is used")
    func asyncHook() async throws {
        let h = try RuntimeHarness()
        h.ready()
        h.runtime.setPresentationHook { context in
            context.notification.id == "quiet" ? .silent : nil
        }
        var options: [PresentationOptions] = []
        h.runtime.willPresent(push("quiet")) { options.append($0) }
        h.runtime.willPresent(push("loud")) { options.append($0) }
        for _ in 0..<100 where options.count < 2 { await Task.yield() }
        #expect(options == [[], []])
        #expect(h.shownBanners.map(\.id) == ["loud"], "nil falls back to the policy (banner); silent shows nothing")
    }
}
