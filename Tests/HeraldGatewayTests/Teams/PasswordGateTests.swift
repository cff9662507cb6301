import Foundation
import HeraldShared
import Testing
@testable import HeraldGateway

@Suite("Teams: the password gate")
struct PasswordGateTests {
    @Test("at most two hashes run at once; one more may wait for a slot, and past the queue or the wait a call gets nil")
    func bounded() throws {
        let gate = PasswordGate(concurrent: 2, queue: 1, wait: 0.3)
        let release = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: group) {
                _ = gate.run { started.signal(); release.wait() }
            }
        }
        started.wait()
        started.wait()
        // The third waits for a slot (the queue holds one) and gives up after the wait.
        let queued = Locked<Int?>(0), third = DispatchGroup()
        DispatchQueue.global().async(group: third) { queued.withLock { $0 = gate.run { 3 } } }
        while gate.admittedCount < 3 { Thread.sleep(forTimeInterval: 0.005) }
        #expect(gate.run { 4 } == nil, "past the queue: refused at once")
        third.wait()
        #expect(queued.current == nil, "no slot freed within the wait")
        release.signal()
        release.signal()
        group.wait()
        #expect(gate.run { 5 } == 5, "every slot given back")
    }
}
