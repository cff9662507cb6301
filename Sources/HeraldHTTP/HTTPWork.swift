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

extension HTTPWork {
    /// The job of a deferred decision on `request` whose body came whole with its head
    /// (`whole`, a copy whose room `held` keeps in the body budget until the job ends): when
    /// the decision admits a body of that size, its handler runs right after, in the same
    /// job (`handled`: one trip off the event loop, not two); whatever else it says goes
    /// back to the loop, which does it as for a body not read yet.
    static func deciding(
        _ request: HTTPRequest, _ decide: @escaping @Sendable (HTTPRequest) -> HTTPHeadDecision, then whole: HTTPRequest,
        holding held: HTTPBodyBudget.Reservation
    ) -> @Sendable () -> Result {
        {
            defer { held.release() }
            let decision = decide(request)
            guard case .read(let limit, _, let then) = decision, whole.body.count <= limit else { return .decision(decision) }
            return .handled(then(whole))
        }
    }
}

/// Runs jobs off the event loops.
package protocol HTTPExecutor: Sendable {
    /// Starts `job` (on another thread, or at once); false when it cannot take it now.
    func submit(_ job: @escaping @Sendable () -> Void) -> Bool
}
