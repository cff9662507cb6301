import Foundation

/// Turns what the runtime does into receipts in the outbox, inbox entries and badge
/// changes: delivered on receive, shown-in-foreground when Herald or the system shows
/// it, opened on a tap or launch, action on an action, dismissed on dismiss; and the
/// facts the gateway's explanation shows (`ReceiptFacts`): presented (banner, alert,
/// system, coalesced into the banner on screen, or suppressed and why) and routed (the
/// screen a tap opened, or why none).
@MainActor
public final class ReceiptRecorder {
    public let outbox: ReceiptOutbox
    public let inbox: Inbox?
    /// Sends what is recorded; told on every new receipt and flushed when the app leaves the foreground.
    public var sender: ReceiptSender?
    private let now: () -> Double
    private let makeID: () -> String
    private let logger: any HeraldLogger
    private var lastBadge: Int?

    public init(
        outbox: ReceiptOutbox, inbox: Inbox? = nil, sender: ReceiptSender? = nil,
        now: @escaping () -> Double = { Date().timeIntervalSince1970 }, makeID: @escaping () -> String = { UUID().uuidString.lowercased() },
        logger: any HeraldLogger = SilentLogger()
    ) {
        self.outbox = outbox
        self.inbox = inbox
        self.sender = sender
        self.now = now
        self.makeID = makeID
        self.logger = logger
    }

    /// Records what `event` means; returns the receipts and badge changes to announce.
    func record(_ event: RuntimeEvent, state: AppState) -> [RuntimeEvent] {
        var receipts: [Receipt] = []
        func add(_ kind: Receipt.Kind, _ n: PushNotification, action: String? = nil, text: String? = nil, facts: ReceiptFacts? = nil) {
            guard let id = n.id else { return }
            receipts.append(Receipt(
                id: makeID(), kind: kind, notificationID: id, provider: n.provider, at: now(), state: state, actionID: action, text: text,
                facts: facts))
        }
        func presented(_ n: PushNotification, _ how: String, _ why: String? = nil) {
            add(.presented, n, facts: ReceiptFacts(presented: .init(how: how, why: why)))
        }
        func routed(_ n: PushNotification, _ route: String?, matched: Bool, _ why: String? = nil) {
            add(.routed, n, facts: ReceiptFacts(routed: .init(route: route, matched: matched, why: why)))
        }
        do {
            switch event {
            case .received(let n, let source, _) where source != .local:
                add(.delivered, n)
                if !n.isSilent { try inbox?.add(n) }
            case .banner(.willShow(let item)):
                add(.shownInForeground, item.notification)
                presented(item.notification, "banner")
            case .banner(.updated(let item)):
                presented(item.notification, "coalesced", "it replaced the content of the banner on screen")
            case .banner(.dropped(let item, let reason)) where reason == .duplicate || reason == .superseded:
                let why = reason == .duplicate ? "it was already shown or waiting" : "a newer notification of its thread took its place"
                presented(item.notification, "suppressed", "the in-app banner dropped it: \(why)")
            case .repostedAsLocal(let n):
                presented(n, "system", "re-posted as a local notification for the notification list")
            case .alertShown(let n):
                add(.shownInForeground, n)
                presented(n, "alert")
            case .systemNotification(let n, let options, _) where state.isForeground:
                add(.shownInForeground, n)
                if options.isEmpty {
                    presented(n, "suppressed", "the presentation policy showed it nowhere: no banner, list, sound or badge")
                } else {
                    presented(n, "system")
                }
            case .navigation(let command, let n):
                routed(n, Self.route(command), matched: true)
            case .routeUnmatched(let n, let link):
                routed(n, nil, matched: false, link.map { "no route matches \($0)" } ?? "the notification has no link")
            case .parkedRouteDropped(let n, let reason):
                routed(n, nil, matched: false, reason)
            case .opened(let n, nil, _):
                add(.opened, n)
                if let id = n.id { try inbox?.markRead(id) }
            case .opened(let n, let action?, let text):
                add(.action, n, action: action, text: text)
            case .dismissed(let n):
                add(.dismissed, n)
            case .stateChanged(let newState) where !newState.isForeground:
                sender?.flush()
            default:
                break
            }
            let events = try outbox.record(receipts).map(RuntimeEvent.receipt)
            if !events.isEmpty { sender?.receiptsAdded() }
            return events + refreshBadge()
        } catch {
            logger.log(.error, "herald receipts: \(error)")
            return []
        }
    }

    /// A navigation command in a few words: `push article(id=7) on home`.
    static func route(_ command: NavigationCommand) -> String {
        func screen(_ s: Screen) -> String {
            s.params.isEmpty ? s.name : "\(s.name)(" + s.params.keys.sorted().map { "\($0)=\(s.params[$0] ?? "")" }.joined(separator: ", ") + ")"
        }
        switch command {
        case .push(let s, let tab): return "push \(screen(s)) on \(tab)"
        case .refresh(let s): return "refresh \(screen(s))"
        case .selectTab(let tab): return "selectTab \(tab)"
        case .popToRoot(let tab): return "popToRoot \(tab)"
        case .present(let s): return "present \(screen(s))"
        case .openWeb(let url, _): return "openWeb \(url)"
        case .stack(let tab, let screens): return "stack \(tab): " + screens.map(screen).joined(separator: " > ")
        }
    }

    /// Sets the badge to zero (as an app does when it opens); returns the badge event when it changed.
    func clearBadge() -> [RuntimeEvent] {
        do {
            try inbox?.clearBadge()
        } catch {
            logger.log(.error, "herald inbox: \(error)")
            return []
        }
        return refreshBadge()
    }

    /// The badge event when the inbox's badge changed since the last one (a sync with the
    /// gateway's inbox, or another process, changed it).
    func refreshBadge() -> [RuntimeEvent] {
        do {
            guard let badge = try inbox?.badge(), badge != lastBadge else { return [] }
            lastBadge = badge
            return [.badge(badge)]
        } catch {
            logger.log(.error, "herald inbox: \(error)")
            return []
        }
    }
}
