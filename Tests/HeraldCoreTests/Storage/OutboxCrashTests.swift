// Child processes (Process) exist on macOS and Linux only; the iOS Simulator test run skips this file.
#if os(macOS) || os(Linux)
import Foundation
import HeraldServerTestSupport
import HeraldTestSupport
import Testing

@testable import HeraldCore

/// Kills a child process that appends receipts with SIGKILL at random points, many
/// times, and runs two writers at once: every acknowledged receipt must be there once.
@Suite("Outbox under kill -9 and concurrency", .serialized)
struct OutboxCrashTests {
    static let tool = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug/herald-outbox-stress")

    func start(_ dir: URL, _ prefix: String, count: Int) throws -> ChildProcess {
        try ChildProcess(Self.tool.path, [dir.path, prefix, String(count)])
    }

    func acks(_ process: ChildProcess, prefix: Data = Data()) -> [String] {
        String(decoding: prefix + (process.standardOutput?.readDataToEndOfFile() ?? Data()), as: UTF8.self)
            .split(separator: "\n").filter { $0.hasPrefix("ack ") }.map { String($0.dropFirst(4)) }
    }

    func counts(_ dir: URL) throws -> [String: Int] {
        try ReceiptOutbox(directory: dir).snapshot().receipts.reduce(into: [:]) { $0[$1.notificationID, default: 0] += 1 }
    }

    @Test("every acknowledged receipt survives SIGKILL exactly once")
    func killNine() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.tool.path) else {
            Issue.record("build the stress tool first: swift build (make test does)")
            return
        }
        let dir = try TemporaryDirectory()
        var rng = SeededGenerator(seed: 42)
        var acknowledged: [String] = []
        var tornTails = 0
        for run in 0..<25 {
            let process = try start(dir.url, "r\(run)", count: 100_000)
            // Wait for the writer's first byte, so a loaded machine (parallel suites, a slow
            // process start) cannot turn every kill into a kill before the first append.
            let first = process.standardOutput?.readData(ofLength: 1) ?? Data()
            usleep(UInt32.random(in: 2_000...40_000, using: &rng))
            process.kill(SIGKILL)
            process.wait()
            acknowledged += acks(process, prefix: first)
            if try ReceiptOutbox(directory: dir.url).snapshot().tornTail != nil { tornTails += 1 }
            let found = try counts(dir.url)
            for id in acknowledged { #expect(found[id] == 1, "\(id) acknowledged, found \(found[id] ?? 0) times") }
            #expect(found.values.allSatisfy { $0 == 1 })
        }
        #expect(acknowledged.count > 25, "the writer made progress between kills")
        _ = tornTails  // torn tails happen when a kill lands mid-write; either way nothing acknowledged is lost
    }

    @Test("two processes appending at once lose nothing; the same facts from both count once")
    func concurrentWriters() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.tool.path) else {
            Issue.record("build the stress tool first: swift build (make test does)")
            return
        }
        let dir = try TemporaryDirectory()
        let a = try start(dir.url, "app", count: 300)
        let b = try start(dir.url, "ext", count: 300)
        let c = try start(dir.url, "app", count: 300)
        let acked = acks(a) + acks(b) + acks(c)
        #expect([a, b, c].allSatisfy { $0.wait() == 0 })
        #expect(acked.count == 900)
        let found = try counts(dir.url)
        #expect(found.count == 600)
        #expect(found.values.allSatisfy { $0 == 1 })
    }
}
#endif
