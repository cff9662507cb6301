import Foundation
import Testing
@testable import HeraldAPNs
@testable import HeraldH2Client
import HeraldAPNsModel
import HeraldShared

/// The client's back-pressure: permits, and refills of several at once for batches.
@Suite("AsyncSemaphore")
struct AsyncSemaphoreTests {
    /// Lets other tasks run until `condition` holds, at most `seconds`.
    func settle(_ seconds: Double = 10, until condition: () -> Bool) async {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() && Date() < deadline { try? await Task.sleep(nanoseconds: 2_000_000) }
    }

    @Test("a refill waits until its minimum is free, then takes all it may")
    func refill() async {
        let semaphore = AsyncSemaphore(permits: 8)
        #expect(await semaphore.acquire(upTo: 8) == 8)
        let got = Locked<Int?>(nil)
        let waiter = Task {
            let count = await semaphore.acquire(upTo: 6, minimum: 3)
            got.withLock { $0 = count }
        }
        await settle { semaphore.waiting == 1 }
        semaphore.release()
        semaphore.release()
        try? await Task.sleep(nanoseconds: 50_000_000)
        #expect(got.withLock { $0 } == nil, "two free permits must not wake a waiter that needs three")
        semaphore.release()
        await settle { got.withLock { $0 } != nil }
        #expect(got.withLock { $0 } == 3)
        await waiter.value
        semaphore.release()
        semaphore.release()
        #expect(await semaphore.acquire(upTo: 6) == 2, "a plain refill takes what is free")
    }

    @Test("without waiters a refill takes what is free at once when the minimum is there")
    func immediate() async {
        let semaphore = AsyncSemaphore(permits: 10)
        #expect(await semaphore.acquire(upTo: 4, minimum: 2) == 4)
        #expect(await semaphore.acquire(upTo: 100, minimum: 2) == 6)
        #expect(semaphore.available == 0)
    }

    @Test("a minimum above the permits is the permits; a single acquire queues behind a refill")
    func fairness() async {
        let semaphore = AsyncSemaphore(permits: 4)
        #expect(await semaphore.acquire(upTo: 4) == 4)
        let order = Locked<[String]>([])
        let big = Task {
            let count = await semaphore.acquire(upTo: 100, minimum: 50)
            order.withLock { $0.append("refill \(count)") }
        }
        await settle { semaphore.waiting == 1 }
        let small = Task {
            await semaphore.acquire()
            order.withLock { $0.append("single") }
        }
        await settle { semaphore.waiting == 2 }
        #expect(semaphore.waiting == 2)
        semaphore.release()
        try? await Task.sleep(nanoseconds: 50_000_000)
        #expect(order.withLock { $0 }.isEmpty, "the single waiter must not pass the refill queued before it")
        for _ in 0..<3 { semaphore.release() }
        await big.value
        #expect(order.withLock { $0 } == ["refill 4"])
        semaphore.release()
        await small.value
        #expect(order.withLock { $0 } == ["refill 4", "single"])
    }
}
