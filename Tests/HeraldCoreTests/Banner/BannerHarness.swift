import Testing

@testable import HeraldCore

/// A banner queue on a virtual clock that writes down every event with its time,
/// as compact lines such as `"5.25 willHide a timeout"`.
@MainActor
final class BannerHarness {
    /// Where the queue's handler writes; a class so the handler can hold it before the harness exists.
    @MainActor
    final class Log {
        var events: [(time: Double, event: BannerEvent)] = []
        var onEvent: ((BannerEvent) -> Void)?
    }

    let clock: VirtualClock
    let queue: BannerQueue
    private let log: Log
    private var taken = 0

    init(_ configuration: BannerQueue.Configuration = .init()) {
        let clock = VirtualClock()
        let log = Log()
        self.clock = clock
        self.log = log
        queue = BannerQueue(clock: clock, configuration: configuration) { event in
            log.events.append((clock.now, event))
            log.onEvent?(event)
        }
    }

    /// Every event so far, with its time.
    var events: [(time: Double, event: BannerEvent)] { log.events }

    /// Called after each event is written down, inside the queue's handler.
    var onEvent: ((BannerEvent) -> Void)? {
        get { log.onEvent }
        set { log.onEvent = newValue }
    }

    /// Every event so far, as lines.
    var trace: [String] { events.map { Self.line($0.time, $0.event) } }

    /// The events since the last call, as lines.
    func take() -> [String] {
        defer { taken = events.count }
        return events[taken...].map { Self.line($0.time, $0.event) }
    }

    /// Moves the clock to `time`.
    func at(_ time: Double) {
        clock.advance(to: time)
    }

    /// An item with a notification of the same id and a body naming it.
    static func item(
        _ id: String, thread: String? = nil, priority: BannerPriority = .normal, body: String? = nil
    ) -> BannerItem {
        let notification = PushNotification(provider: .apns, id: id, content: AlertContent(body: body ?? "body of \(id)"))
        return BannerItem(id: id, threadID: thread, priority: priority, notification: notification)
    }

    static func line(_ time: Double, _ event: BannerEvent) -> String {
        let head = "\(time) "
        switch event {
        case .willShow(let item): return head + "willShow \(item.id)"
        case .didShow(let item): return head + "didShow \(item.id)"
        case .willHide(let item, let reason): return head + "willHide \(item.id) \(reason.rawValue)"
        case .didHide(let item, let reason): return head + "didHide \(item.id) \(reason.rawValue)"
        case .updated(let item): return head + "updated \(item.id)"
        case .dropped(let item, let reason): return head + "dropped \(item.id) \(reason.rawValue)"
        case .tapped(let item): return head + "tapped \(item.id)"
        }
    }
}
