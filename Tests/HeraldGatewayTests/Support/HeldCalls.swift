import Foundation

/// `count` store calls held open, each on a thread of its own, until `release()`: what
/// costly reads do to the connections they take. Each call is given `hold`, which it runs
/// while it has its connection; the initializer returns once every call holds one.
final class HeldCalls: @unchecked Sendable {
    let count: Int
    private let released = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)

    init(_ count: Int, _ call: @escaping @Sendable (_ hold: () -> Void) throws -> Void) {
        self.count = count
        let holding = DispatchSemaphore(value: 0)
        for _ in 0..<count {
            // A thread of its own: waiting for it never needs a thread of the test's concurrency pool.
            Thread { [released, ended] in
                try? call {
                    holding.signal()
                    released.wait()
                }
                ended.signal()
            }.start()
            holding.wait()
        }
    }

    /// Lets every call end, and waits until they have.
    func release() {
        for _ in 0..<count { released.signal() }
        for _ in 0..<count { ended.wait() }
    }
}
