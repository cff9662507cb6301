import Testing

@testable import HeraldCore

/// Follows a banner queue's events and writes down every broken rule.
@MainActor
struct BannerEventChecker {
    private enum Slot: Equatable { case empty, appearing, visible, hiding }

    let configuration: BannerQueue.Configuration
    private(set) var problems: [String] = []
    private(set) var shownCount = 0
    /// How often each kind of event came, as `"willHide tap"`, `"dropped overflow"`, `"updated"`.
    private(set) var counts: [String: Int] = [:]
    private var slot = Slot.empty
    private var onScreen: BannerItem?
    private var lastTime = -Double.infinity
    private var willShowAt = 0.0
    private var countdownFrom = 0.0
    private var willHideAt = 0.0
    private var lastDidHideAt = -Double.infinity
    private var tapped = false
    private var seenIDs: Set<String> = []
    private var fates: [BannerItem: Int] = [:]

    init(configuration: BannerQueue.Configuration) {
        self.configuration = configuration
    }

    private mutating func fail(_ message: String, _ time: Double) {
        problems.append("\(time): \(message)")
    }

    private mutating func fate(_ item: BannerItem) {
        fates[item, default: 0] += 1
    }

    /// Checks one event against the ones before it.
    mutating func observe(_ event: BannerEvent, at time: Double) {
        if time < lastTime { fail("time ran backwards", time) }
        counts[Self.kind(of: event), default: 0] += 1
        lastTime = time
        let animation = configuration.animationDuration
        switch event {
        case .willShow(let item):
            if slot != .empty { fail("willShow \(item.id) with a banner on screen", time) }
            if time < lastDidHideAt + configuration.gap { fail("willShow \(item.id) inside the gap", time) }
            if !seenIDs.insert(item.id).inserted { fail("id \(item.id) shown twice", time) }
            (slot, onScreen, willShowAt, tapped) = (.appearing, item, time, false)
            shownCount += 1
            fate(item)
        case .didShow(let item):
            if slot != .appearing || item != onScreen { fail("didShow \(item.id) out of turn", time) }
            if time != willShowAt + animation { fail("didShow \(item.id) off time", time) }
            (slot, countdownFrom) = (.visible, time)
        case .updated(let item):
            if slot != .appearing && slot != .visible { fail("updated \(item.id) with no banner to update", time) }
            if !seenIDs.insert(item.id).inserted { fail("id \(item.id) shown twice (updated)", time) }
            if item.threadID == nil || item.threadID != onScreen?.threadID { fail("updated \(item.id) across threads", time) }
            onScreen = item
            if slot == .visible { countdownFrom = time }
            fate(item)
        case .tapped(let item):
            if (slot != .appearing && slot != .visible) || item != onScreen || tapped {
                fail("tapped \(item.id) out of turn", time)
            }
            tapped = true
        case .willHide(let item, let reason):
            if slot != .visible || item != onScreen { fail("willHide \(item.id) out of turn", time) }
            if tapped != (reason == .tap) { fail("willHide \(item.id) \(reason) after tapped \(tapped)", time) }
            if reason == .timeout, time < countdownFrom + configuration.visibleDuration {
                fail("willHide \(item.id) timed out early", time)
            }
            (slot, willHideAt) = (.hiding, time)
        case .didHide(let item, _):
            if slot != .hiding || item != onScreen { fail("didHide \(item.id) out of turn", time) }
            if time != willHideAt + animation { fail("didHide \(item.id) off time", time) }
            (slot, onScreen, lastDidHideAt) = (.empty, nil, time)
        case .dropped(let item, _):
            fate(item)
        }
    }

    private static func kind(of event: BannerEvent) -> String {
        switch event {
        case .willShow: "willShow"
        case .didShow: "didShow"
        case .updated: "updated"
        case .tapped: "tapped"
        case .willHide(_, let reason): "willHide \(reason.rawValue)"
        case .didHide: "didHide"
        case .dropped(_, let reason): "dropped \(reason.rawValue)"
        }
    }

    /// Checks the queue's state against what the events said.
    mutating func checkState(of queue: BannerQueue, after label: String) {
        let time = lastTime
        if queue.current != onScreen { fail("\(label): current is not the banner the events put on screen", time) }
        if queue.queued.count > configuration.capacity { fail("\(label): \(queue.queued.count) items waiting", time) }
        if queue.phase == .idle, !queue.queued.isEmpty { fail("\(label): idle with items waiting", time) }
        let ids = queue.queued.map(\.id) + (queue.current.map { [$0.id] } ?? [])
        if Set(ids).count != ids.count { fail("\(label): the same id twice on screen and in line", time) }
    }

    /// After the queue has drained: every offered item met exactly one fate.
    mutating func checkDrained(offered: [BannerItem], queue: BannerQueue) {
        if queue.phase != .idle || queue.current != nil || !queue.queued.isEmpty || slot != .empty {
            fail("did not drain", lastTime)
        }
        var expected: [BannerItem: Int] = [:]
        for item in offered { expected[item, default: 0] += 1 }
        for (item, count) in expected where fates[item] != count {
            fail("\(item.id) (\(item.notification.content.body ?? "")) met \(fates[item] ?? 0) fates", lastTime)
        }
        for item in fates.keys where expected[item] == nil {
            fail("\(item.id) came from nowhere", lastTime)
        }
    }
}
