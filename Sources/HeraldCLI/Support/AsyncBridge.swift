import Foundation

/// Runs async work from a synchronous command and waits for it, bounded in time.
///
/// On the main thread the main run loop keeps turning, so that whatever the work hands to
/// the main queue still runs (the APNs client needs none of it: the client, its clock and
/// its token provider are `Sendable`, off the main actor); elsewhere the caller's thread
/// just waits.
enum AsyncBridge {
    private final class Box<T>: @unchecked Sendable {
        var value: T?
        let done = DispatchSemaphore(value: 0)
    }

    static func run<T: Sendable>(timeout: Double = 3600, _ work: @escaping @Sendable () async -> T) -> T? {
        let box = Box<T>()
        Task.detached {
            box.value = await work()
            box.done.signal()
        }
        let deadline = Date().addingTimeInterval(timeout)
        if Thread.isMainThread {
            while box.done.wait(timeout: .now()) == .timedOut {
                guard Date() < deadline else { return nil }
                _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
            }
        } else if box.done.wait(timeout: .now() + timeout) == .timedOut {
            return nil
        }
        return box.value
    }
}
