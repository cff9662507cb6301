import Foundation
import HeraldCore

/// Runs a scenario: the real `HeraldRuntime` on a virtual clock, with a simulated
/// device around it that behaves as iOS does, and records the timeline.
@MainActor
public final class ScenarioRunner {
    public let scenario: Scenario
    public let clock = VirtualClock()
    public let runtime: HeraldRuntime
    let device: SimulatedDevice
    public private(set) var timeline: [TimelineEntry] = []
    /// The simulated App Group folder: the receipts outbox and the inbox live here.
    public let storage: URL

    /// - Parameter epoch: the Unix time of the virtual clock's zero, stamped on receipts
    ///   (a fixed date, so timelines repeat; `herald device` gives the real time).
    public init(_ scenario: Scenario, epoch: Double = 1_800_000_000) throws(ScenarioError) {
        self.scenario = scenario
        device = SimulatedDevice(tabs: scenario.tabs)
        let ports = RuntimePorts(
            banner: device, alert: device, system: device, navigator: device, localizer: DictionaryLocalizer(scenario.strings))
        do {
            runtime = try HeraldRuntime(configuration: scenario.configuration, ports: ports, clock: clock)
        } catch {
            throw ScenarioError("app.routes", "\(error)")
        }
        storage = FileManager.default.temporaryDirectory.appendingPathComponent("herald-simulate-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: storage, withIntermediateDirectories: true)
            let clock = clock
            runtime.receipts = ReceiptRecorder(
                outbox: try ReceiptOutbox(directory: storage), inbox: try Inbox(directory: storage),
                now: { epoch + clock.now })
        } catch {
            throw ScenarioError("storage", "cannot create the simulated App Group folder: \(error)")
        }
        runtime.onEvent = { [weak self] event in
            guard let self, let entry = TimelineEntry.from(event, at: self.clock.now) else { return }
            self.timeline.append(entry)
        }
        device.onLocalPost = { [weak self] notification in
            self?.deliver(.object(notification.raw), local: true)
        }
        // Without a launch step the app is already running with its UI ready: nothing is
        // held for a uiReady step that will never come.
        if !scenario.steps.contains(where: \.isLaunch) { runtime.uiReady() }
        if let decision = scenario.hookDecision {
            let delay = scenario.hookDelay ?? 0
            let clock = clock
            runtime.presentationHook = { _, decide in
                clock.schedule(after: delay) { decide(decision) }
            }
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: storage)
    }

    /// Runs every step and returns the timeline.
    public static func run(_ scenario: Scenario) throws(ScenarioError) -> [TimelineEntry] {
        let runner = try ScenarioRunner(scenario)
        runner.runAll()
        return runner.timeline
    }

    public func runAll() {
        for step in scenario.steps {
            run(step)
            // What is due now happens now: a zero-delay timer does not wait for the next step.
            clock.runDue()
        }
    }

    /// The user's view of the app now.
    public var navigation: NavigationState { device.state }

    /// The notification centre's list as the Apple adapter reads it: each notification's
    /// identifier (its push's id, else its place) and payload, oldest first.
    public var deliveredNotifications: [DeliveredNotification] {
        device.delivered.enumerated().map { index, payload in
            let id = (try? scenario.configuration.decoder.decode(payload))?.id
            return DeliveredNotification(identifier: id ?? "#\(index)", payload: payload)
        }
    }

    /// `removeDeliveredNotifications(withIdentifiers:)`: those notifications leave the list.
    public func removeDelivered(_ identifiers: [String]) {
        let gone = Set(identifiers)
        let kept = zip(deliveredNotifications, device.delivered).filter { !gone.contains($0.0.identifier) }
        device.delivered = kept.map(\.1)
    }

    public func run(_ step: ScenarioStep) {
        switch step {
        case .launch(let payload):
            runtime.launch(with: payload)
        case .uiReady:
            runtime.uiReady()
        case .state(let state):
            setState(state)
        case .receive(let payload, let local):
            deliver(payload, local: local)
        case .passThrough(let message):
            runtime.receive(passThrough: message)
        case .tapBanner:
            runtime.bannerTapped()
        case .tapNotification(let id):
            guard let payload = device.takeDelivered(id: id, decoder: scenario.configuration.decoder) else {
                return note("no delivered notification" + (id.map { " with id \($0)" } ?? "") + " to tap")
            }
            runtime.didReceiveResponse(payload)
            if runtime.state != .active { setState(.active) }
        case .action(let id, let text, let notification):
            guard let payload = device.takeDelivered(id: notification, decoder: scenario.configuration.decoder) else {
                return note("no delivered notification for action \(id)")
            }
            runtime.didReceiveResponse(payload, action: id, text: text)
        case .answerAlert(let show):
            guard let answer = device.pendingAlert else { return note("no alert on screen to answer") }
            device.pendingAlert = nil
            answer(show)
        case .swipe(let dy, let vy):
            runtime.bannerSwiped(translationY: dy, velocityY: vy, height: scenario.bannerHeight)
        case .touch(let down):
            if down { runtime.bannerTouchDown() } else { runtime.bannerTouchUp() }
        case .advance(let seconds):
            clock.advance(by: seconds)
        case .login(let loggedIn):
            if loggedIn { runtime.login() } else { runtime.logout() }
        case .show(let screen, let tab):
            let tab = tab ?? device.state.selectedTab ?? scenario.tabs[0]
            device.state.apply(.selectTab(tab))
            device.state.apply(.push(screen, tab: tab))
        case .selectTab(let tab):
            device.state.apply(.selectTab(tab))
        case .clearBadge:
            runtime.clearBadge()
        }
    }

    /// What iOS does with an incoming notification for the app's state.
    private func deliver(_ payload: JSONValue, local: Bool) {
        let notification = try? scenario.configuration.decoder.decode(payload)
        if notification?.isSilent == true {
            runtime.didReceiveSilent(payload)
            return
        }
        if runtime.state == .active {
            runtime.willPresent(payload, source: local ? .local : .remote) { [weak self] options in
                if !options.isEmpty { self?.device.delivered.append(payload) }
            }
            return
        }
        // Not in the foreground: iOS shows it itself, and wakes the app for content-available.
        device.delivered.append(payload)
        timeline.append(
            TimelineEntry(
                time: clock.now, event: "system.notification",
                fields: [
                    "id": notification?.id.map(JSONValue.string) ?? .null, "options": ["banner", "list", "sound", "badge"],
                    "source": .string(local ? "local" : "remote"), "by": "system",
                ]))
        if notification?.aps.contentAvailable == true { runtime.didReceiveSilent(payload) }
    }

    private func setState(_ state: AppState) {
        runtime.setState(state)
    }

    private func note(_ message: String) {
        timeline.append(TimelineEntry(time: clock.now, event: "step.ignored", fields: ["reason": .string(message)]))
    }
}
