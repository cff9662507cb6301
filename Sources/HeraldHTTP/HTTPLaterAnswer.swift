import HeraldShared

/// An answer a handler gives later, without holding its handler thread: a long poll. The
/// handler returns `HTTPResponse.later(_:)` at once; the connection then waits up to
/// `timeout` seconds (instead of the handler timeout) for `answer(_:)`, which any thread
/// may call, once. An answer after the connection closed, or after its deadline, is dropped;
/// `isAbandoned` tells the one who would answer that nobody waits any more.
public final class HTTPLaterAnswer: Sendable {
    /// Seconds the connection waits for the answer.
    public let timeout: Double
    private struct State {
        var answer: HTTPResponse?
        var deliver: (@Sendable (HTTPResponse) -> Void)?
        var done = false
        var abandoned = false
    }
    private let state = Locked(State())

    public init(timeout: Double) {
        self.timeout = timeout
    }

    /// Answers the request; later calls do nothing.
    public func answer(_ response: HTTPResponse) {
        let deliver: (@Sendable (HTTPResponse) -> Void)? = state.withLock { state in
            guard !state.done else { return nil }
            guard let deliver = state.deliver else {
                state.answer = response
                return nil
            }
            state.done = true
            return deliver
        }
        deliver?(response)
    }

    /// Whether the connection stopped waiting (closed, or its deadline passed).
    public var isAbandoned: Bool { state.withLock { $0.abandoned } }

    /// The loop's side: where the answer goes (at once, if it came already).
    package func attach(_ deliver: @escaping @Sendable (HTTPResponse) -> Void) {
        let ready: HTTPResponse? = state.withLock { state in
            guard !state.done else { return nil }
            guard let answer = state.answer else {
                state.deliver = deliver
                return nil
            }
            state.done = true
            return answer
        }
        if let ready { deliver(ready) }
    }

    package func abandon() {
        state.withLock { state in
            state.abandoned = true
            state.done = true
            state.deliver = nil
        }
    }
}

extension HTTPResponse {
    /// A response that is not one yet: the connection waits for `later`'s answer.
    public static func later(_ later: HTTPLaterAnswer) -> HTTPResponse {
        var response = HTTPResponse(status: 0)
        response.later = later
        return response
    }
}
