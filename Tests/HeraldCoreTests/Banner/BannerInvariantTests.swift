import HeraldTestSupport
import Testing

@testable import HeraldCore

/// The seeded generator the banner invariants draw from.
typealias BannerTestRandom = SeededGenerator

extension SeededGenerator {
    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// One of `choices`.
    mutating func pick<T>(_ choices: [T]) -> T {
        choices[below(choices.count)]
    }
}

@Suite("banner queue: invariants under random use")
@MainActor
struct BannerInvariantTests {
    static let configurations: [BannerQueue.Configuration] = [
        .init(),
        .init(visibleDuration: 2, animationDuration: 0.25, gap: 0.5, capacity: 3, recentIDLimit: 200),
        .init(visibleDuration: 1, animationDuration: 0, gap: 0, capacity: 1, recentIDLimit: 200),
    ]

    @Test("thousands of random steps keep every rule", arguments: [1, 7, 42, 2024, 0xBEEF], [0, 1, 2])
    func randomUse(seed: UInt64, configurationIndex: Int) {
        let configuration = Self.configurations[configurationIndex]
        let run = Self.run(seed: seed, configuration: configuration, steps: 4000)
        #expect(run.problems.isEmpty, "\(run.problems.prefix(5))")
        let kinds = [
            "updated", "tapped", "dropped duplicate", "dropped overflow", "dropped superseded", "dropped removed",
            "willHide timeout", "willHide tap", "willHide swipe", "willHide replaced", "willHide programmatic",
        ]
        #expect(run.shown > 300, "the run shows banners")
        #expect(kinds.filter { run.counts[$0, default: 0] < 5 } == [], "the run reaches every kind of event")
    }

    @Test("the same seed gives the same events")
    func repeatable() {
        let first = Self.run(seed: 99, configuration: .init(gap: 0.5, capacity: 2), steps: 1500)
        let second = Self.run(seed: 99, configuration: .init(gap: 0.5, capacity: 2), steps: 1500)
        #expect(first.trace == second.trace && !first.trace.isEmpty)
    }

    struct Run {
        var problems: [String] = []
        var shown = 0
        var counts: [String: Int] = [:]
        var trace: [String] = []
    }

    /// Drives a queue at random for `steps` steps, then lets it drain, checking as it goes.
    static func run(seed: UInt64, configuration: BannerQueue.Configuration, steps: Int) -> Run {
        var random = BannerTestRandom(seed: seed)
        let h = BannerHarness(configuration)
        var checker = BannerEventChecker(configuration: configuration)
        var offered: [BannerItem] = []
        var checked = 0
        var result = Run()
        func check(_ label: String) {
            for (time, event) in h.events[checked...] {
                checker.observe(event, at: time)
            }
            checked = h.events.count
            checker.checkState(of: h.queue, after: label)
        }
        let priorities: [BannerPriority] = [.low, .normal, .normal, .high, 750]
        let advances: [Double] = [0, 0.05, 0.125, 0.25, 0.3, 0.5, 1, 2, 3, 6]
        for step in 0..<steps {
            let roll = random.below(100)
            let label: String
            switch roll {
            case 0..<36, 36..<39:
                // Mostly fresh ids, a quarter repeated from the last 30 offered.
                let recent = offered.suffix(30)
                let id =
                    random.below(4) == 0 && !recent.isEmpty
                    ? recent[recent.startIndex + random.below(recent.count)].id : "n\(step)"
                let thread = random.below(3) == 0 ? nil : "t\(random.below(6))"
                let item = BannerHarness.item(id, thread: thread, priority: random.pick(priorities), body: "step \(step)")
                offered.append(item)
                if roll < 36 { h.queue.enqueue(item) } else { h.queue.present(item) }
                label = roll < 36 ? "enqueue \(item.id)" : "present \(item.id)"
            case 39..<48:
                h.queue.touchDown()
                label = "touchDown"
            case 48..<56:
                h.queue.touchUp()
                label = "touchUp"
            case 56..<61:
                h.queue.tap()
                label = "tap"
            case 61..<67:
                h.queue.swipe(
                    translationY: Double(random.below(200) - 150), velocityY: Double(random.below(2000) - 1500),
                    height: 90)
                label = "swipe"
            case 67..<70:
                h.queue.dismissCurrent()
                label = "dismissCurrent"
            case 70:
                h.queue.removeAll()
                label = "removeAll"
            default:
                h.clock.advance(by: random.pick(advances))
                label = "advance"
            }
            check("step \(step): \(label)")
        }
        h.queue.touchUp()
        for _ in 0..<100 where h.queue.phase != .idle {
            h.clock.advance(by: 10)
        }
        check("drain")
        checker.checkDrained(offered: offered, queue: h.queue)
        result.problems = checker.problems
        result.shown = checker.shownCount
        result.counts = checker.counts
        result.trace = h.trace
        return result
    }
}
