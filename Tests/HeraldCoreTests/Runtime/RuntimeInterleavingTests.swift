import HeraldTestSupport
import Testing

@testable import HeraldCore

/// Randomised interleavings of everything the platform and the user can do, checked
/// against what must always hold: nothing lost, nothing shown twice, no tap navigating twice.
@Suite("Runtime: randomised interleavings")
@MainActor
struct RuntimeInterleavingTests {
    static let ids = ["a", "b", "c", "d", "e", "f"]

    func payload(_ id: String) -> JSONValue {
        switch id {
        case "a", "b": return push(id, ["link": .string("app://article/\(id)")])
        case "c": return push(id, ["link": "app://profit"])
        case "d": return push(id, ["type": "messages"])
        case "e": return push(id, ["link": .string("https://example.org/\(id)"), "title": "Web"])
        default: return push(id)
        }
    }

    func configuration(_ rng: inout SeededGenerator) -> RuntimeConfiguration {
        var config = RuntimeConfiguration()
        config.policy.foreground = [.banner, .confirm, .system].randomElement(using: &rng)!
        config.policy.repostRemoteInForeground = Bool.random(using: &rng)
        config.loggedIn = Bool.random(using: &rng)
        config.routes = [
            AppRoute(pattern: "app://article/:id", target: RouteTarget(screen: "Article", tab: "home", reuse: .refresh)),
            AppRoute(pattern: "app://profit", target: RouteTarget(screen: "Profit", requiresAuth: true)),
        ]
        config.fieldRoutes = [FieldRoute(when: ["type": "messages"], target: RouteTarget(tab: "messages", popToRoot: true))]
        config.fallback = AppRoute(pattern: "*", target: RouteTarget(presentation: .web))
        return config
    }

    func step(_ h: RuntimeHarness, _ rng: inout SeededGenerator) {
        let id = Self.ids.randomElement(using: &rng)!
        switch Int.random(in: 0..<13, using: &rng) {
        case 0: h.runtime.uiReady()
        case 1: h.runtime.setState(AppState.allCases.randomElement(using: &rng)!)
        case 2, 3: h.runtime.willPresent(payload(id))
        case 4: if let local = h.localPosts.randomElement(using: &rng) { h.runtime.willPresent(.object(local.raw), source: .local) }
        case 5, 6: h.runtime.didReceiveResponse(payload(id))
        case 7: h.runtime.didReceiveResponse(payload(id), action: [NotificationAction.dismissIdentifier, "like"].randomElement(using: &rng)!)
        case 8: if Bool.random(using: &rng) { h.runtime.login() } else { h.runtime.logout() }
        case 9: h.clock.advance(by: Double(Int.random(in: 0...30, using: &rng)) / 10)
        case 10: if Bool.random(using: &rng) { h.runtime.bannerTapped() } else { h.runtime.bannerSwiped(translationY: -100, velocityY: -900, height: 88) }
        case 11: if !h.pendingAlerts.isEmpty { h.pendingAlerts.removeFirst()(Bool.random(using: &rng)) }
        default: h.runtime.didReceiveSilent(["aps": ["content-available": 1], "type": "like"])
        }
    }

    @Test("nothing lost, nothing shown twice, no tap navigates twice", arguments: 0..<40)
    func interleavings(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 1)
        for _ in 0..<10 {
            let h = try RuntimeHarness(configuration(&rng))
            let storage = try TemporaryDirectory()
            h.runtime.receipts = ReceiptRecorder(
                outbox: try ReceiptOutbox(directory: storage.url, now: { 1000 }), inbox: try Inbox(directory: storage.url, now: { 1000 }),
                now: { 1000 })
            if Bool.random(using: &rng) { h.runtime.launch(with: payload(Self.ids.randomElement(using: &rng)!)) }
            for _ in 0..<Int.random(in: 10...60, using: &rng) { step(h, &rng) }
            // Settle: the UI comes up, the user logs in and answers every alert, time passes.
            h.runtime.uiReady()
            h.runtime.setState(.active)
            h.runtime.login()
            while !h.pendingAlerts.isEmpty { h.pendingAlerts.removeFirst()(false) }
            h.clock.advance(by: 120)
            check(h.events)
            try checkReceipts(h.events, outbox: try ReceiptOutbox(directory: storage.url, now: { 1000 }))
        }
    }

    /// Every fact once in the outbox, and every opened notification has its receipt.
    func checkReceipts(_ events: [RuntimeEvent], outbox: ReceiptOutbox) throws {
        let receipts = try outbox.snapshot().receipts
        let keys = receipts.map(\.dedupeKey)
        #expect(Set(keys).count == keys.count, "a receipt recorded twice")
        for event in events {
            if case .opened(let n, nil, _) = event, let id = n.id {
                #expect(keys.contains("opened|\(id)"), "\(id) opened without a receipt")
            }
            if case .received(let n, let source, _) = event, source != .local, let id = n.id {
                #expect(keys.contains("delivered|\(id)"), "\(id) received without a delivered receipt")
            }
        }
    }

    func check(_ events: [RuntimeEvent]) {
        var presented: [String: Int] = [:]
        var opened: [String: Int] = [:]
        var batches: [String: Int] = [:]
        var fates: [String: Set<String>] = [:]
        var lastNavigated: String?
        for event in events {
            var navigatedNow: String?
            switch event {
            case .banner(.willShow(let item)): presented[item.notification.dedupeKey, default: 0] += 1
            case .banner(.dropped(let item, _)): fates[item.notification.dedupeKey, default: []].insert("presented")
            case .alertShown(let n), .systemNotification(let n, _, _), .repostedAsLocal(let n):
                if case .repostedAsLocal = event {} else { presented[n.dedupeKey, default: 0] += 1 }
                fates[n.dedupeKey, default: []].insert("presented")
            case .opened(let n, nil, _): opened[n.dedupeKey, default: 0] += 1
            case .navigation(_, let n):
                navigatedNow = n.dedupeKey
                if lastNavigated != n.dedupeKey { batches[n.dedupeKey, default: 0] += 1 }
                fates[n.dedupeKey, default: []].insert("routed")
            case .routeUnmatched(let n, _), .parkedRouteDropped(let n, _): fates[n.dedupeKey, default: []].insert("routed")
            // A receipt recorded between two commands of one tap's navigation (its routed fact) does not end the batch.
            case .receipt: continue
            default: break
            }
            if case .banner(.willShow(let item)) = event { fates[item.notification.dedupeKey, default: []].insert("presented") }
            lastNavigated = navigatedNow
        }
        for (key, count) in presented { #expect(count <= 1, "\(key) presented \(count) times") }
        for (key, count) in opened { #expect(count <= 1, "\(key) opened \(count) times") }
        for (key, count) in batches { #expect(count <= 1, "\(key) navigated \(count) times") }
        for (key, _) in opened { #expect(fates[key]?.contains("routed") == true, "\(key) was opened but never routed nor reported") }
        for event in events {
            guard case .received(let n, let source, _) = event, source == .remote || source == .local else { continue }
            #expect(fates[n.dedupeKey]?.isEmpty == false || opened[n.dedupeKey] != nil, "\(n.dedupeKey) was received and then lost")
        }
    }
}
