import CLibPQ
import Foundation

/// A transaction's isolation level (`BEGIN ISOLATION LEVEL …`).
public enum PostgresIsolation: String, Sendable {
    case readCommitted = "READ COMMITTED"
    case repeatableRead = "REPEATABLE READ"
    case serializable = "SERIALIZABLE"
}

extension PostgresConnection {
    /// Runs `body` between BEGIN and COMMIT, rolling back when it throws.
    ///
    /// The whole closure runs again, up to `attempts` times in all, when the transaction
    /// fails with a serialization failure (SQLSTATE 40001) or a deadlock (40P01), after a
    /// short random pause; so `body` must do nothing outside the database that cannot be
    /// done twice. When the connection turns out lost before COMMIT (the server restarted,
    /// or ended the session), it reconnects once and runs the closure again. When it is
    /// lost while COMMIT is on its way, nobody knows whether the transaction committed:
    /// that throws `.commitOutcomeUnknown` and is not retried.
    ///
    /// An error that `body` catches still spoils the transaction (PostgreSQL refuses every
    /// later statement in it): it is rolled back and that error thrown (and retried when
    /// it is a serialization failure or deadlock).
    ///
    /// Without `waitForFlush` its COMMIT does not wait for the WAL to reach the disk
    /// (`synchronous_commit` off for this transaction): a crash of the server may lose it,
    /// never half of it.
    @discardableResult
    public func transaction<T>(
        _ isolation: PostgresIsolation = .readCommitted, attempts: Int = 5, waitForFlush: Bool = true,
        _ body: (PostgresConnection) throws -> T
    ) throws -> T {
        guard !inTransaction else {
            throw PostgresError(
                .misuse, message: "transaction { } called inside a transaction on the same connection; do the work in the outer one",
                server: redactedURL)
        }
        var attempt = 1
        var reconnected = false
        while true {
            do {
                return try attemptTransaction(isolation, waitForFlush: waitForFlush, body)
            } catch let error as PostgresError {
                if error.isRetryable, attempt < max(attempts, 1) {
                    attempt += 1
                    Thread.sleep(forTimeInterval: Double.random(in: 0.001...(0.005 * Double(attempt))))
                    continue
                }
                if error.reason == .connection, isBroken, !reconnected {
                    reconnected = true  // the next BEGIN reconnects first
                    continue
                }
                guard attempt > 1 else { throw error }
                var final = error
                final.message += " (gave up after \(attempt) attempts)"
                throw final
            }
        }
    }

    private func attemptTransaction<T>(_ isolation: PostgresIsolation, waitForFlush: Bool, _ body: (PostgresConnection) throws -> T)
        throws -> T
    {
        lastError = nil
        // One round trip either way: the setting goes with BEGIN and ends with the transaction.
        // one store: PostgreSQL's transaction (SQLiteConnection.transaction has its own)
        try executeScript(
            "BEGIN ISOLATION LEVEL \(isolation.rawValue)" + (waitForFlush ? "" : "; SET LOCAL synchronous_commit TO OFF"))
        inTransaction = true
        pendingEvents = []
        defer {
            inTransaction = false
            pendingEvents = []
        }
        let value: T
        do {
            value = try body(self)
        } catch {
            rollback()
            throw error
        }
        if PQtransactionStatus(handle) == PQTRANS_INERROR {
            rollback()
            throw lastError
                ?? PostgresError(
                    .query, message: "a statement of the transaction failed and the closure went on; the transaction was rolled back",
                    server: redactedURL)
        }
        let events: [(appID: String, count: Int)]
        do {
            events = try insertPendingEvents()
        } catch {
            rollback()
            throw error
        }
        try commit()
        EventLogCounter.add(events)
        return value
    }

    /// COMMIT, telling a lost connection before it (rolled back: safe to retry) from one
    /// lost while it was on its way (unknown).
    private func commit() throws(PostgresError) {
        guard !isBroken else { throw connectionError("the connection was lost before COMMIT; the transaction was rolled back") }
        do {
            // one store: as above
            try executeScript("COMMIT")
        } catch  where isBroken {
            throw PostgresError(
                .commitOutcomeUnknown, message: "the connection was lost while committing: \(error.message)", sqlState: error.sqlState,
                // one store: as above
                sql: "COMMIT", server: redactedURL)
        }
    }

    /// Ends a failed (or abandoned) transaction, by the same deadline as its statements; a
    /// broken connection has lost it already, and one given up loses it when closed.
    func rollback() {
        // one store: as above
        guard !isBroken, let result = try? exchange("ROLLBACK", { PQsendQuery(handle, "ROLLBACK") }) else { return }
        PQclear(result)
    }
}

/// A group commit's batch on PostgreSQL (`GroupCommit`).
extension PostgresConnection {
    /// A collision (serialization failure, deadlock) runs the whole transaction again, as
    /// `transaction` does for one body; a lost connection ends it.
    func failsTransaction(_ error: any Error) -> Bool {
        (error as? PostgresError)?.isRetryable == true || isBroken
    }

    /// A statement failed and the body went on (it caught the error): PostgreSQL refuses
    /// the rest of the transaction, so the body fails with that error.
    func checkTransaction() throws {
        guard PQtransactionStatus(handle) == PQTRANS_INERROR else { return }
        throw lastError
            ?? PostgresError(.query, message: "a statement of the body failed and the body went on", server: redactedURL)
    }

    /// RELEASE and the next SAVEPOINT sent as one simple query: one round trip, not two.
    func nextSavepoint() throws {
        try executeScript(SavepointStatements.release + "; " + SavepointStatements.savepoint)
    }
}
