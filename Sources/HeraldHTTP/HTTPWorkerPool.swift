import CPoller
import Foundation

/// The threads that run handlers and the head decisions that need the store, so that the
/// event loops never wait on the store: a fixed number of threads and a bounded queue.
/// A job refused because the queue is full is answered 503 at once; one queued or running
/// too long is answered 503 by its connection at its deadline (a job that has not started
/// by then is dropped). A job that never returns holds one thread, never a loop. When the
/// pool falls idle (looked at once a second at most) with more than 16 MiB free in the C
/// library's heaps, it is asked to give that memory back to the system: each handler
/// thread allocates from an arena of its own, which otherwise keeps its largest size for
/// good after a burst of large answers.
final class HTTPWorkerPool: HTTPExecutor, @unchecked Sendable {
    let threadCount: Int
    let queueLimit: Int
    private let condition = NSCondition()
    private var queue: [(@Sendable () -> Void)?] = []
    private var head = 0
    private var running = 0
    private var finishing = false
    /// When the pool last looked at the heap, falling idle (monotonic seconds).
    private var trimmedAt = 0.0

    init(threads: Int, queueLimit: Int, name: String = "herald-handler") {
        threadCount = max(1, threads)
        self.queueLimit = max(1, queueLimit)
        for index in 0..<threadCount {
            let thread = Thread { [self] in work() }
            thread.name = "\(name)-\(index)"
            thread.start()
        }
    }

    func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !finishing, queue.count - head < queueLimit else { return false }
        queue.append(job)
        condition.signal()
        return true
    }

    /// Jobs queued or running now.
    var pending: Int { condition.withLock { queue.count - head + running } }

    /// Takes no more jobs and waits up to `timeout` seconds for those queued and running to
    /// end; true when they did. The threads end once the queue is empty (a thread whose
    /// job never returns stays with it).
    @discardableResult
    func finish(within timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        finishing = true
        condition.broadcast()
        while queue.count > head || running > 0 {
            if !condition.wait(until: deadline) { return queue.count == head && running == 0 }
        }
        return true
    }

    private func work() {
        condition.lock()
        while true {
            while queue.count == head && !finishing { condition.wait() }
            guard queue.count > head, let job = queue[head] else { break }
            queue[head] = nil
            head += 1
            if head == queue.count {
                queue.removeAll(keepingCapacity: queue.count <= 4096)
                head = 0
            } else if head >= 1024 && head * 2 >= queue.count {
                queue.removeFirst(head)
                head = 0
            }
            running += 1
            condition.unlock()
            job()
            condition.lock()
            running -= 1
            if finishing && running == 0 && queue.count == head { condition.broadcast() }
            if running == 0 && queue.count == head {
                let now = Double(DispatchTime.now().uptimeNanoseconds) / 1e9
                if now - trimmedAt >= 1 {
                    trimmedAt = now
                    condition.unlock()
                    _ = herald_trim_heap_past(16 << 20)
                    condition.lock()
                }
            }
        }
        condition.unlock()
    }
}
