import Foundation

/// Turns what the runtime does into receipts in the outbox, inbox entries and badge
/// changes: delivered on receive, shown-in-foreground when Herald or the system shows
/// it, opened on a tap or launch, action on an action, dismissed on dismiss.
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
        func add(_ kind: Receipt.Kind, _ n: PushNotification, action: String? = nil, text: String? = nil) {
            guard let id = n.id else { return }
            receipts.append(Receipt(
                id: makeID(), kind: kind, notificationID: id, provider: n.provider, at: now(), state: state, actionID: action, text: text))
        }
        do {
            switch event {
            case .received(let n, let source, _) where source != .local:
                add(.delivered, n)
                if !n.isSilent { try inbox?.add(n) }
            case .banner(.willShow(let item)):
                add(.shownInForeground, item.notification)
            case .alertShown(let n):
                add(.shownInForeground, n)
            case .systemNotification(let n, _, _) where state.isForeground:
                add(.shownInForeground, n)
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
