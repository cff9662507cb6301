import Foundation
import Testing
@testable import HeraldStore

/// On PostgreSQL a sequence value taken first can commit last. The inbox's writers take the
/// app's lock and hold it to their commit, so a reader's cursor never passes a change that
/// is still to come.
@Suite("PostgreSQL store: inbox changes commit in sequence order")
struct PostgresInboxOrderTests {
    @Test("a message added while another transaction of the same inbox is open waits for its commit, then comes after it")
    func changesCommitInOrder() throws {
        let (fixture, stores) = try PostgresConcurrencyTests.pair()
        let owner = InboxOwner.user("maya")
        let first = InboxMessageRecord(id: "msg_first", title: "first", body: "b", createdAt: 1_000)
        let second = InboxMessageRecord(id: "msg_second", title: "second", body: "b", createdAt: 1_000)
        let opened = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchGroup()
        done.enter()
        Thread.detachNewThread {
            defer { done.leave() }
            // The first writer adds its message and keeps its transaction open.
            _ = try? (stores[0] as? PostgresStore)?.write { db in
                try PostgresStore.addInboxMessage(db, appID: fixture.appID, owner: owner, first, limit: 100)
                opened.signal()
                release.wait()
            }
        }
        opened.wait()
        done.enter()
        let secondFinished = Results<Bool>()
        Thread.detachNewThread {
            defer { done.leave() }
            try? stores[1].addInboxMessage(appID: fixture.appID, owner: owner, second, limit: 100)
            secondFinished.add(contentsOf: [true])
        }
        // Had the second committed now, a reader would take its sequence as the cursor and
        // never see the first's lower one.
        Thread.sleep(forTimeInterval: 0.3)
        let early = try fixture.store.inbox(appID: fixture.appID, owner: owner, after: 0, limit: 10, now: 1_000)
        #expect(early.entries.isEmpty, "a reader saw \(early.entries.map(\.message.id)) while the first change was open")
        #expect(secondFinished.all.isEmpty, "the second writer did not wait for the first's commit")
        release.signal()
        done.wait()
        let page = try fixture.store.inbox(appID: fixture.appID, owner: owner, after: 0, limit: 10, now: 1_000)
        #expect(page.entries.map(\.message.id) == ["msg_first", "msg_second"])
        #expect(page.entries[0].seq < page.entries[1].seq)
    }
}
