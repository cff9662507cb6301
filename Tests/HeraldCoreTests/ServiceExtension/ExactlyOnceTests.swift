import Dispatch
import Foundation
import HeraldTestSupport
import Testing

@testable import HeraldCore

/// Exactly once: a deadline racing completions, errors and expiry never delivers
/// twice and never zero times, over many seeded interleavings and real threads.
@Suite("Service Extension: exactly-once delivery")
@MainActor
struct ExactlyOnceTests {
    struct Plan {
        var steps: [(url: String, step: ScriptedDownloader.Step, at: Double?)] = []
        var deadline: Double
        var expiry: Double?
        var expiryScheduledFirst: Bool
        var honorsCancel: Bool
        var duplicates: Bool
    }

    /// A random plan; times on a 0.5 s grid so events often fall on the same instant.
    static func plan(seed: UInt64) -> Plan {
        var random = SeededGenerator(seed: seed)
        func time(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &random)) / 2 }
        var plan = Plan(
            deadline: time(4...60), expiry: Bool.random(using: &random) ? time(0...70) : nil,
            expiryScheduledFirst: Bool.random(using: &random), honorsCancel: Int.random(in: 0..<4, using: &random) != 0,
            duplicates: Int.random(in: 0..<4, using: &random) == 0)
        for index in 0..<Int.random(in: 0...4, using: &random) {
            let url = "https://m.example/\(index)"
            switch Int.random(in: 0..<5, using: &random) {
            case 0, 1, 2:
                let at = time(0...70)
                plan.steps.append((url, .succeed(after: at, MediaFormat.allCases.randomElement(using: &random) ?? .jpeg, bytes: 200), at))
            case 3:
                let at = time(0...70)
                plan.steps.append((url, .fail(after: at, AttachmentSkip(.httpStatus(500))), at))
            default:
                plan.steps.append((url, .hang, nil))
            }
        }
        return plan
    }

    @Test("seeded interleavings: one delivery, at the first of completion, deadline and expiry, with what finished by then")
    func seeded() throws {
        for seed in UInt64(1)...400 {
            try run(Self.plan(seed: seed), seed: seed)
        }
    }

    func run(_ plan: Plan, seed: UInt64) throws {
        let clock = VirtualClock()
        let directory = MediaSamples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let downloader = ScriptedDownloader(clock: clock, script: Dictionary(uniqueKeysWithValues: plan.steps.map { ($0.url, $0.step) }))
        downloader.honorsCancel = plan.honorsCancel
        downloader.duplicates = plan.duplicates
        let log = HandlerLog()
        let receipts = RecordingReceiptSink { _ in #expect(log.count == 1, "seed \(seed): receipt before content") }
        var configuration = ServiceExtensionConfiguration(directory: directory)
        configuration.deadline = plan.deadline
        let pipeline = ServiceExtensionPipeline(configuration: configuration, downloader: downloader, clock: clock, receipts: receipts)
        if plan.expiryScheduledFirst, let expiry = plan.expiry { clock.schedule(after: expiry) { pipeline.timeWillExpire() } }
        let payload: JSONValue = ["aps": ["alert": "x", "mutable-content": 1], "media-url": .array(plan.steps.map { .string($0.url) })]
        pipeline.start(payload) { log.record($0) }
        if !plan.expiryScheduledFirst, let expiry = plan.expiry { clock.schedule(after: expiry) { pipeline.timeWillExpire() } }
        clock.advance(by: 200)

        #expect(log.count == 1, "seed \(seed): delivered \(log.count) times")
        #expect(receipts.receipts.count == 1, "seed \(seed)")
        let report = try #require(pipeline.report, "seed \(seed)")
        let allDone = plan.steps.contains { $0.at == nil } ? Double.infinity : (plan.steps.compactMap(\.at).max() ?? 0)
        let first = min(allDone, plan.deadline, plan.expiry ?? .infinity)
        #expect(report.elapsed == first, "seed \(seed)")
        var possible: Set<DeliveryTrigger> = []
        if allDone == first { possible.insert(.completed) }
        if plan.deadline == first { possible.insert(.deadline) }
        if plan.expiry == first { possible.insert(.expired) }
        #expect(possible.contains(report.trigger), "seed \(seed): \(report.trigger), expected one of \(possible)")
        // Attached: every success before the delivery instant; at the same instant, maybe.
        let attached = Set(report.delivery.content?.attachments.map(\.source) ?? [])
        for (url, step, at) in plan.steps {
            guard case .succeed = step, let at else { continue }
            if at < first { #expect(attached.contains(url), "seed \(seed): \(url) finished at \(at) before \(first)") }
            if at > first { #expect(!attached.contains(url), "seed \(seed): \(url) finished at \(at) after \(first)") }
        }
        // Every reference is accounted for, once: attached or skipped.
        #expect(attached.count + report.skipped.count == plan.steps.count, "seed \(seed)")
        // Only attached files remain on disk; nothing is still scheduled once cancels are honoured.
        #expect(MediaSamples.files(in: directory).count == attached.count, "seed \(seed): \(MediaSamples.files(in: directory))")
        if plan.honorsCancel { #expect(clock.pendingCount == 0, "seed \(seed)") }
    }

    @Test("expiry on other threads racing the deadline on the main actor: one delivery")
    func threads() async {
        for round in 0..<150 {
            let clock = VirtualClock()
            let directory = MediaSamples.temporaryDirectory()
            let downloader = ScriptedDownloader(clock: clock, script: ["https://m.example/a": .succeed(after: 27, .jpeg, bytes: 100)])
            var configuration = ServiceExtensionConfiguration(directory: directory)
            configuration.deadline = 27
            let receipts = RecordingReceiptSink()
            let pipeline = ServiceExtensionPipeline(configuration: configuration, downloader: downloader, clock: clock, receipts: receipts)
            let log = HandlerLog()
            pipeline.start(["aps": ["alert": "x"], "media-url": ["https://m.example/a", "https://m.example/stall"]] as JSONValue) {
                log.record($0)
            }
            let expiring = Task.detached {
                DispatchQueue.concurrentPerform(iterations: 4) { _ in pipeline.timeWillExpireFromAnyThread() }
            }
            clock.advance(by: 27)
            await expiring.value
            for _ in 0..<1000 where pipeline.report == nil { await Task.yield() }
            #expect(log.count == 1, "round \(round)")
            #expect(pipeline.report != nil, "round \(round)")
            #expect(receipts.receipts.count == 1, "round \(round)")
            #expect(downloader.cancelled.contains("https://m.example/stall"), "round \(round)")
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    @Test("the gate alone: many threads, many calls, one hand-over")
    nonisolated func gate() {
        for _ in 0..<200 {
            let log = HandlerLog()
            let gate = DeliveryGate<ServiceDelivery>(bestAttempt: .unchanged(reason: "start")) { log.record($0) }
            DispatchQueue.concurrentPerform(iterations: 8) { thread in
                for call in 0..<50 {
                    if (thread + call) % 2 == 0 {
                        gate.deliverBestAttempt()
                    } else {
                        gate.update(.modified(NotificationContent(body: "\(thread)")))
                        gate.deliver(.modified(NotificationContent(title: "\(thread)")))
                    }
                }
            }
            #expect(log.count == 1)
            #expect(gate.isDelivered)
            #expect(log.last == gate.current)
        }
    }

    @Test("an unarmed gate delivers nothing; arming twice is refused")
    nonisolated func unarmed() {
        let log = HandlerLog()
        let gate = DeliveryGate<ServiceDelivery>(bestAttempt: .unchanged(reason: "x"))
        #expect(!gate.deliverBestAttempt())
        #expect(gate.arm { log.record($0) })
        #expect(!gate.arm { log.record($0) })
        #expect(gate.deliverBestAttempt())
        #expect(!gate.deliver(.unchanged(reason: "again")))
        #expect(log.count == 1)
    }
}
