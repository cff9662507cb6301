import HeraldShared

/// What a connection hands off its event loop: a head decision that needs the store (the
/// key, the app), or the handler of a whole request. The loop gives it to an
/// `HTTPExecutor` (the server's `HTTPWorkerPool`) and hands the result back to the
/// connection, which meanwhile reads nothing more and waits at most `handlerTimeout`.
package final class HTTPWork: Sendable {
    package enum Result: Sendable {
        /// What to do with the request, once the store was asked.
        case decision(HTTPHeadDecision)
        /// The handler's answer.
        case response(HTTPResponse)
        /// A deferred decision admitted the body already buffered with the head, and its
        /// handler answered in the same hand-off: those bytes of the input are consumed.
        case handled(HTTPResponse)
    }

    /// Which of its connection's hand-offs this is: a result for an earlier one is dropped.
    package let id: UInt64
    /// The job, until it runs or is dropped; with it go the request's body and its
    /// reservation in the body budget.
    private let job: Locked<(@Sendable () -> Result)?>

    init(id: UInt64, _ job: @escaping @Sendable () -> Result) {
        self.id = id
        self.job = Locked(job)
    }

    /// Runs the job, unless it was cancelled first (nil then); either way it is let go.
    package func run() -> Result? {
        return take()?()
    }

    /// The connection no longer waits (its deadline passed, it closed): a job not started
    /// is dropped, with the body it holds; one running finishes and its result is dropped.
    func cancel() {
        _ = take()  // released here, outside the lock
    }

    private func take() -> (@Sendable () -> Result)? {
        job.withLock { job in
            let taken = job
            job = nil
            return taken
        }
    }
}

/// Runs jobs off the event loops.
package protocol HTTPExecutor: Sendable {
    /// Starts `job` (on another thread, or at once); false when it cannot take it now.
    func submit(_ job: @escaping @Sendable () -> Void) -> Bool
}
