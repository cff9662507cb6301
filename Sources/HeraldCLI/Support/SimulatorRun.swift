import Dispatch
import Foundation
import HeraldShared

/// What `herald apns-sim` and `herald fcm-sim` do alike once configured: start the
/// simulator, print where it listens and what to trust, run until SIGINT, SIGTERM or the end
/// of `--duration`, then stop it and print its statistics as one JSON line.
enum SimulatorRun {
    /// `start` starts the simulator and answers the lines to print and how to stop it (which
    /// answers the statistics line). Exit status 2 when it cannot start, 0 after a clean stop.
    static func serve(
        _ command: String, duration: Double?, terminal: Terminal, start: () throws -> (lines: [String], stop: () -> String)
    ) async -> Int32 {
        let running: (lines: [String], stop: () -> String)
        do {
            running = try start()
        } catch {
            terminal.error("herald \(command): \(error)")
            return 2
        }
        for line in running.lines { terminal.print(line) }
        await waitForStop(duration: duration)
        terminal.print(running.stop())
        return 0
    }

    /// Returns at SIGINT or SIGTERM, or after `duration` seconds.
    static func waitForStop(duration: Double?) async {
        let stop = StopSignal()
        var sources: [DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { stop.fire() }
            source.resume()
            sources.append(source)
        }
        if let duration { LiveServerClock().schedule(after: duration) { stop.fire() } }
        await stop.wait()
        for source in sources { source.cancel() }
    }

    /// Fired once by the first signal or the end of `--duration`; `wait` returns then.
    private final class StopSignal: @unchecked Sendable {
        private let lock = NSLock()
        private var fired = false
        private var waiting: CheckedContinuation<Void, Never>?

        func fire() {
            let continuation = lock.withLock { () -> CheckedContinuation<Void, Never>? in
                fired = true
                defer { waiting = nil }
                return waiting
            }
            continuation?.resume()
        }

        func wait() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let already = lock.withLock { () -> Bool in
                    if !fired { waiting = continuation }
                    return fired
                }
                if already { continuation.resume() }
            }
        }
    }
}
