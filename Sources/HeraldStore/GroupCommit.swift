import Foundation

/// What a group commit needs of a connection: its statements (the savepoints, prepared once
/// and cached like any other), and how the driver reports a body that spoiled the whole
/// transaction.
protocol GroupCommitDatabase {
    @discardableResult
    func execute(_ sql: String, _ values: [SQLValue]) throws -> Int
    /// Whether `error`, thrown by one body, must end the whole transaction instead of that
    /// body alone: the store runs the transaction again (a serialization failure or
    /// deadlock) or cannot go on with it (a lost connection).
    func failsTransaction(_ error: any Error) -> Bool
    /// Throws when a body returned but left the transaction refusing every later statement
    /// (PostgreSQL, after an error the body caught).
    func checkTransaction() throws
    /// Ends the open savepoint, keeping its writes, and starts the next body's: `release`
    /// then `savepoint`, in one round trip where the driver can send both at once.
    func nextSavepoint() throws
    /// How many events the transaction holds back for its commit (PostgreSQL's, see
    /// `PostgresConnection.pendingEvents`); a body rolled back to its savepoint drops
    /// those it added (`dropEvents(from:)`).
    var eventMark: Int { get }
    func dropEvents(from mark: Int)
}

extension GroupCommitDatabase {
    func failsTransaction(_ error: any Error) -> Bool { false }
    func checkTransaction() throws {}
    var eventMark: Int { 0 }
    func dropEvents(from mark: Int) {}

    func nextSavepoint() throws {
        try execute(SavepointStatements.release, [])
        try execute(SavepointStatements.savepoint, [])
    }
}

/// Coalesces concurrent write transactions into one commit (group commit).
///
/// Callers on many threads submit their write bodies. The oldest caller waiting while no
/// batch runs becomes the leader: it opens the store's connection and one transaction
/// (the store's `transaction` closure, by the leader's deadline), takes the queued bodies
/// (its own first, at most `limit`), runs each inside its own savepoint, and commits once.
/// Then every caller gets its own result or error. A body that throws is rolled back to its
/// savepoint and its caller gets that error; the others still commit. When the commit (or
/// the transaction around the bodies) fails, every caller of the batch gets that error:
/// none of their writes was stored. Callers that arrive while a batch runs queue for the
/// next one. A batch of one body runs without a savepoint, so a lone caller pays nothing
/// for the grouping: nobody waits to collect a batch.
///
/// A caller returns only once the commit holding its write is done, so its write is as
/// durable as the store's own transactions make it. A queued caller whose deadline passes
/// before its body starts withdraws and throws the store's `expired` error; once its body
/// is in a running batch it waits for that batch's outcome (the leader's deadline, the
/// oldest of the batch, bounds it).
///
/// The store may run the transaction closure more than once (PostgreSQL runs a transaction
/// again after a serialization failure or deadlock): each run runs the same bodies again,
/// as the store would run one body again. Bodies run on the leader's thread, one after
/// another; a body must not call back into the store (its connection is the batch's, and
/// the leader holds it).
final class GroupCommit<Database: GroupCommitDatabase>: @unchecked Sendable {
    /// The most bodies one transaction runs. 64 keeps a PostgreSQL transaction within the
    /// subtransactions the server tracks for a session in memory.
    let limit: Int
    /// Guards the queue, `running`, `transactions` and the entries' states.
    private let lock = NSLock()
    private var queue: [Entry] = []
    private var running = false
    private var transactions = 0

    init(limit: Int = 64) {
        precondition(limit > 0, "a group commit runs at least one body per transaction")
        self.limit = limit
    }

    /// Callers waiting for a batch (not yet in a running one).
    var queued: Int { lock.withLock { queue.count } }

    /// Transactions the leaders have opened (each holding one batch), retries not counted.
    var transactionCount: Int { lock.withLock { transactions } }

    /// Runs `body` in a transaction shared with the bodies submitted at the same time and
    /// returns its result once that transaction has committed.
    ///
    /// - `deadline`: this call's; a caller still queued when it passes throws `expired(deadline)`.
    /// - `transaction`: opens the store's connection and a transaction by the given deadline,
    ///   runs the closure it is given inside it and commits; called by a leader only.
    func submit<T>(
        by deadline: StoreDeadline, _ body: (Database) throws -> T,
        transaction: (StoreDeadline, (Database) throws -> Void) throws -> Void, expired: (StoreDeadline) -> any Error
    ) throws -> T {
        try withoutActuallyEscaping(body) { body in
            // Written on the leader's thread, read here after the batch's outcome is handed
            // over under `lock`.
            var value: T?
            let entry = Entry(deadline: deadline) { db in value = try body(db) }
            try wait(for: entry, transaction: transaction, expired: expired)
            guard let value else { preconditionFailure("GroupCommit: a body without an error ended without a value") }
            return value
        }
    }

    /// Queues `entry` and waits for its outcome, leading a batch when its turn comes.
    /// Returns once `entry.run` is released (so the body does not outlive the call).
    ///
    /// Each caller sleeps on its own semaphore and is woken only when something changed
    /// for it: its batch ended, or it is now first in the queue with no batch running.
    /// (One condition broadcast to all woke every queued caller at every commit, only for
    /// most of them to sleep again: a context switch each, a tenth of a registration's CPU.)
    private func wait(
        for entry: Entry, transaction: (StoreDeadline, (Database) throws -> Void) throws -> Void,
        expired: (StoreDeadline) -> any Error
    ) throws {
        lock.lock()
        queue.append(entry)
        while entry.state != .done {
            if entry.state == .queued && entry.deadline.hasPassed {
                queue.removeAll { $0 === entry }
                entry.run = nil
                let next = nextLeader()
                lock.unlock()
                next?.wake.signal()
                throw expired(entry.deadline)
            } else if entry.state == .queued && !running && queue.first === entry {
                running = true
                lock.unlock()
                lead(entry, transaction: transaction)
                lock.lock()
            } else {
                let queued = entry.state == .queued
                lock.unlock()
                // A signal that comes after the timeout is left on the semaphore: the
                // next wait returns at once and the loop looks again.
                if queued { _ = entry.wake.wait(timeout: entry.deadline.dispatchTime) } else { entry.wake.wait() }
                lock.lock()
            }
        }
        lock.unlock()
        if let error = entry.error { throw error }
    }

    /// The oldest queued caller when no batch runs: it leads the next one. Under `lock`.
    private func nextLeader() -> Entry? { running ? nil : queue.first }

    /// The leader's work: one transaction for the batch it takes, then each caller's outcome.
    private func lead(_ leader: Entry, transaction: (StoreDeadline, (Database) throws -> Void) throws -> Void) {
        var batch: [Entry] = []
        var failure: (any Error)?
        do {
            try transaction(leader.deadline) { db in
                if batch.isEmpty { batch = take(leader) }
                try run(batch, db)
            }
        } catch {
            failure = error
        }
        lock.lock()
        if batch.isEmpty {
            // The transaction did not open (no connection by the deadline): the leader
            // alone gets the error; the queued callers lead their own batches.
            queue.removeAll { $0 === leader }
            batch = [leader]
        }
        for entry in batch {
            entry.state = .done
            entry.run = nil
            if let failure { entry.error = failure }
        }
        running = false
        let next = nextLeader()
        lock.unlock()
        for entry in batch where entry !== leader { entry.wake.signal() }
        next?.wake.signal()
    }

    /// Takes the batch off the queue: the leader, then the oldest callers whose deadlines
    /// have not passed (those whose have withdraw themselves), `limit` in all.
    private func take(_ leader: Entry) -> [Entry] {
        lock.withLock {
            var batch = [leader]
            for entry in queue where entry !== leader && entry.state == .queued && !entry.deadline.hasPassed {
                guard batch.count < limit else { break }
                batch.append(entry)
            }
            for entry in batch { entry.state = .running }
            queue.removeAll { $0.state == .running }
            transactions += 1
            return batch
        }
    }

    /// Runs the batch's bodies in the open transaction, each in its own savepoint (a batch
    /// of one in the transaction itself). Throws what must fail the whole transaction.
    private func run(_ batch: [Entry], _ db: Database) throws {
        guard batch.count > 1 else {
            batch[0].error = nil
            try batch[0].body(db)
            return
        }
        // A body's savepoint stays open until the next body starts: ending one and
        // starting the next is one step (one round trip on PostgreSQL).
        for (index, entry) in batch.enumerated() {
            entry.error = nil
            if index == 0 { try db.execute(SavepointStatements.savepoint, []) } else { try db.nextSavepoint() }
            let mark = db.eventMark
            do {
                try entry.body(db)
                try db.checkTransaction()
            } catch let failure where !db.failsTransaction(failure) {
                entry.error = failure
                db.dropEvents(from: mark)
                // Undoes the body's writes; its savepoint stays open, empty. One that
                // cannot be rolled back to (the database ended the transaction itself)
                // fails the batch, with the body's error.
                do { try db.execute(SavepointStatements.rollback, []) } catch { throw failure }
            }
        }
        try db.execute(SavepointStatements.release, [])
    }

    /// One caller's write: its body, where it stands, and its error. Read and written
    /// under `lock`, except by the leader while the batch runs.
    private final class Entry {
        enum State { case queued, running, done }
        let deadline: StoreDeadline
        /// Signalled when the caller should look at its state again.
        let wake = DispatchSemaphore(value: 0)
        var run: ((Database) throws -> Void)?
        var state = State.queued
        var error: (any Error)?

        init(deadline: StoreDeadline, run: @escaping (Database) throws -> Void) {
            self.deadline = deadline
            self.run = run
        }

        func body(_ db: Database) throws {
            guard let run else { preconditionFailure("GroupCommit: a body ran after its caller's outcome") }
            try run(db)
        }
    }
}
