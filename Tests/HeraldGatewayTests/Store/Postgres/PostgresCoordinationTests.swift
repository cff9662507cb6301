import Foundation
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("PostgreSQL coordination: LISTEN/NOTIFY and advisory locks")
struct PostgresCoordinationTests {
    @Test("a NOTIFY from one connection reaches another that listens, within the wait")
    func listenNotify() async throws {
        let fixture = try PostgresFixture()
        let listener = try fixture.connect()
        let sender = try fixture.connect()
        try listener.listen("herald.wake-up")
        let started = Date()
        #expect(try listener.waitForNotification(timeout: 0.2) == nil, "nothing was sent yet")
        #expect(Date().timeIntervalSince(started) >= 0.19)

        async let arrived = blocking { try listener.waitForNotification(timeout: 10) }
        try await Task.sleep(for: .milliseconds(100))
        try sender.notify("herald.wake-up", payload: "publish 42")
        let notification = try #require(try await arrived)
        #expect(notification == PostgresNotification(channel: "herald.wake-up", payload: "publish 42", senderPID: sender.backendPID))

        // Inside a transaction it goes at COMMIT, and not at all on ROLLBACK.
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try sender.transaction {
                try $0.notify("herald.wake-up", payload: "rolled back"); throw Abort()
            }
        }
        try sender.transaction { try $0.notify("herald.wake-up", payload: "committed") }
        #expect(try listener.waitForNotification(timeout: 10)?.payload == "committed")
        try listener.unlisten("herald.wake-up")
        try sender.notify("herald.wake-up", payload: "nobody")
        #expect(try listener.waitForNotification(timeout: 0.2) == nil)
    }

    @Test("an advisory lock one connection holds is refused to another until let go")
    func advisoryLock() throws {
        let fixture = try PostgresFixture()
        let first = try fixture.connect()
        let second = try fixture.connect()
        let key: Int64 = 0x4845_5241_4C44  // any 64-bit number both agree on
        #expect(try first.tryAdvisoryLock(key))
        #expect(try second.tryAdvisoryLock(key) == false)
        #expect(try second.tryAdvisoryLock(key + 1), "another key is free")
        #expect(try first.advisoryUnlock(key))
        #expect(try first.advisoryUnlock(key) == false, "it was held once")
        #expect(try second.tryAdvisoryLock(key))
        // A session that ends lets go of its locks.
        #expect(try fixture.terminate(backend: second.backendPID))
        #expect(try first.tryAdvisoryLock(key))
    }
}
