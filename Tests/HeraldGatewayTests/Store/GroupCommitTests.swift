import Foundation
import Testing
@testable import HeraldStore

/// `GroupCommit` on a database without SQL: a leader held at a gate inside its body lets
/// the next callers queue, so what runs in which transaction is known.
@Suite("Group commit")
struct GroupCommitTests {
    @Test("a lone caller's body runs in a transaction of its own, without a savepoint")
    func alone() throws {
        let store = FakeStore()
        #expect(
            try store.write { db in
                db.write("a"); return 7
            } == 7)
        #expect(store.db.log == ["BEGIN", "write a", "COMMIT"])
        #expect(store.db.committed == ["a"])
    }

    @Test("callers queued behind a running batch run in one transaction, each in its savepoint, each getting its own result")
    func batches() throws {
        let store = FakeStore(), gate = Gate(open: false), threads = DispatchGroup()
        let results = Results<(caller: Int, value: Int)>()
        try store.holdLeader(at: gate, threads)
        for n in 0..<5 {
            Self.start(threads) {
                if let value = try? store.write({ db in
                    db.write("\(n)"); return n * 10
                }) {
                    results.add((n, value))
                }
            }
        }
        try Self.waitUntil("five callers queued") { store.commits.queued == 5 }
        gate.open()
        threads.wait()
        #expect(results.all.sorted { $0.caller < $1.caller }.map(\.value) == [0, 10, 20, 30, 40])
        #expect(store.db.count("BEGIN") == 2 && store.db.count("COMMIT") == 2, "\(store.db.log)")
        #expect(store.commits.transactionCount == 2)
        #expect(store.db.count(SavepointStatements.savepoint) == 5 && store.db.count(SavepointStatements.release) == 5)
        #expect(store.db.committed.sorted() == ["0", "1", "2", "3", "4", "leader"])
    }

    @Test("a body that throws in a batch is rolled back to its savepoint and its caller gets its error; the others commit")
    func failingBody() throws {
        let store = FakeStore(), gate = Gate(open: false), threads = DispatchGroup()
        let outcomes = Results<(caller: Int, outcome: Result<Int, FakeError>)>()
        try store.holdLeader(at: gate, threads)
        for n in 0..<4 {
            Self.start(threads) {
                outcomes.add((n, store.writeOutcome(n, refused: n == 2)))
            }
        }
        try Self.waitUntil("four callers queued") { store.commits.queued == 4 }
        gate.open()
        threads.wait()
        let byCaller = Dictionary(uniqueKeysWithValues: outcomes.all.map { ($0.caller, $0.outcome) })
        #expect(byCaller == [0: .success(0), 1: .success(1), 2: .failure(.refused(2)), 3: .success(3)])
        #expect(store.db.count(SavepointStatements.rollback) == 1)
        #expect(store.commits.transactionCount == 2)
        #expect(store.db.committed.sorted() == ["0", "1", "3", "leader"])
    }

    @Test("a failed commit reaches every caller of its batch, and none of their writes is kept")
    func failingCommit() throws {
        let store = FakeStore(), gate = Gate(open: false), threads = DispatchGroup()
        store.db.failCommit = 2
        let outcomes = Results<Result<Int, FakeError>>()
        try store.holdLeader(at: gate, threads)
        for n in 0..<4 {
            Self.start(threads) {
                outcomes.add(
                    Result {
                        try store.write { db in
                            db.write("\(n)"); return n
                        }
                    }.mapError { $0 as! FakeError })
            }
        }
        try Self.waitUntil("four callers queued") { store.commits.queued == 4 }
        gate.open()
        threads.wait()
        #expect(outcomes.all.count == 4 && outcomes.all.allSatisfy { $0 == .failure(.commitFailed) }, "\(outcomes.all)")
        #expect(store.commits.transactionCount == 2)
        #expect(store.db.committed == ["leader"])
    }

    @Test("a queued caller whose deadline passes before its body starts throws, and its body never runs")
    func deadline() throws {
        let store = FakeStore(), gate = Gate(open: false), leader = DispatchGroup(), follower = DispatchGroup()
        let outcome = Results<Result<Int, FakeError>>()
        let ran = Results<Int>()
        try store.holdLeader(at: gate, leader)
        Self.start(follower) {
            outcome.add(
                Result {
                    try store.write(timeout: 0.05) { _ in
                        ran.add(1); return 1
                    }
                }.mapError { $0 as! FakeError })
        }
        follower.wait()  // the leader is still at the gate: the follower's body cannot have started
        #expect(outcome.all == [.failure(.expired)])
        #expect(store.commits.queued == 0)
        gate.open()
        leader.wait()
        #expect(ran.all.isEmpty)
        #expect(store.commits.transactionCount == 1)
        #expect(store.db.committed == ["leader"])
    }

    @Test("a leader whose transaction does not open gets that error alone, and the callers queued behind it commit in the next batch")
    func leaderCannotOpen() throws {
        let store = FakeStore(), gate = Gate(open: false), threads = DispatchGroup()
        let outcomes = Results<(caller: Int, outcome: Result<Int, FakeError>)>()
        store.openGate = gate
        for n in 0..<4 {
            Self.start(threads) {
                outcomes.add((n, store.writeOutcome(n)))
            }
            // The first caller leads and waits at the gate before its transaction opens.
            if n == 0 { try Self.waitUntil("the leader at the gate") { gate.waitingCount == 1 } }
        }
        try Self.waitUntil("three callers queued behind the leader") { store.commits.queued == 4 }
        gate.open()
        threads.wait()
        let byCaller = Dictionary(uniqueKeysWithValues: outcomes.all.map { ($0.caller, $0.outcome) })
        #expect(byCaller == [0: .failure(.noConnection), 1: .success(1), 2: .success(2), 3: .success(3)])
        #expect(store.commits.transactionCount == 1, "the three queued callers share one batch")
        #expect(store.db.committed.sorted() == ["1", "2", "3"])
    }

    /// Runs `body` on a thread of its own; `group` tells when it has returned.
    static func start(_ group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
        group.enter()
        Thread {
            body()
            group.leave()
        }.start()
    }

    /// Returns once `condition` holds; throws when it still does not after `timeout` seconds.
    static func waitUntil(_ what: String, timeout: Double = 10, _ condition: () -> Bool) throws {
        let end = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < end else { throw ThreadBarrier.Timeout(description: "not within \(timeout) seconds: \(what)") }
            Thread.sleep(forTimeInterval: 0.001)
        }
    }
}

enum FakeError: Error, Equatable {
    case refused(Int), commitFailed, expired, noConnection
}

/// A store of `FakeDatabase` writing through a `GroupCommit`, as the real stores' `deviceWrite`.
final class FakeStore: @unchecked Sendable {
    let db = FakeDatabase()
    let commits = GroupCommit<FakeDatabase>()
    /// When set, the first transaction waits here, then fails to open (no connection).
    var openGate: Gate?
    private var opened = 0

    func write<T>(timeout: Double = 10, _ body: (FakeDatabase) throws -> T) throws -> T {
        try commits.submit(
            by: StoreDeadline(seconds: timeout), body,
            transaction: { _, batch in
                // Only the leader runs this, one at a time.
                opened += 1
                if let openGate, opened == 1 {
                    openGate.pass()
                    throw FakeError.noConnection
                }
                db.begin()
                do {
                    try batch(db)
                    try db.commit()
                } catch {
                    db.rollback()
                    throw error
                }
            },
            expired: { _ in FakeError.expired })
    }

    /// Writes the row `n` and returns `n`, or throws `.refused(n)` after writing it when
    /// `refused`: the caller's outcome.
    func writeOutcome(_ n: Int, refused: Bool = false) -> Result<Int, FakeError> {
        Result {
            try write { db in
                db.write("\(n)")
                if refused { throw FakeError.refused(n) }
                return n
            }
        }.mapError { $0 as! FakeError }
    }

    /// Starts a write (on a thread in `group`) that leads a batch and waits at `gate` in its
    /// body; returns once it is there.
    func holdLeader(at gate: Gate, _ group: DispatchGroup) throws {
        GroupCommitTests.start(group) {
            _ = try? self.write { db in
                db.write("leader"); gate.pass()
            }
        }
        try GroupCommitTests.waitUntil("the leader at the gate") { gate.waitingCount == 1 }
    }
}

/// A database without SQL: a log of what ran, and rows that a savepoint's rollback undoes
/// and a commit keeps.
final class FakeDatabase: GroupCommitDatabase, @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [String] = []
    private var savepoints: [Int] = []
    private var transactions = 0
    private var kept: [String] = []
    private var statements: [String] = []
    /// The transaction (1 for the first) whose commit fails.
    var failCommit: Int?

    var log: [String] { lock.withLock { statements } }
    var committed: [String] { lock.withLock { kept } }
    func count(_ statement: String) -> Int { log.filter { $0 == statement }.count }

    func execute(_ sql: String, _ values: [SQLValue]) throws -> Int {
        lock.withLock {
            statements.append(sql)
            switch sql {
            case SavepointStatements.savepoint: savepoints.append(pending.count)
            case SavepointStatements.release: savepoints.removeLast()
            case SavepointStatements.rollback: pending.removeSubrange(savepoints[savepoints.count - 1]...)
            default: preconditionFailure("FakeDatabase: unexpected statement \(sql)")
            }
            return 0
        }
    }

    func write(_ row: String) {
        lock.withLock {
            pending.append(row); statements.append("write \(row)")
        }
    }

    func begin() {
        lock.withLock {
            transactions += 1; statements.append("BEGIN")
        }
    }

    func commit() throws {
        try lock.withLock {
            defer { pending = [] }
            guard failCommit != transactions else { throw FakeError.commitFailed }
            kept += pending
            statements.append("COMMIT")
        }
    }

    func rollback() { lock.withLock { pending = [] } }
}
