import Foundation
import HeraldAPNsModel
import HeraldCrypto
import HeraldH2Client
import HeraldShared

/// Sends notifications to APNs over HTTP/2: token or certificate auth, a pool of
/// multiplexed connections, bounded in-flight requests, retries on the injected clock,
/// and a shutdown that lets every accepted request finish.
///
/// ```swift
/// let signer = try APNSTokenSigner(key: APNSSigningKey(contentsOfFile: "AuthKey_ABC123DEFG.p8"),
///                                  keyID: "ABC123DEFG", teamID: "TEAM123456")
/// let client = try APNSClient(configuration: .init(authentication: .token(signer), endpoint: .production),
///                             clock: LiveServerClock())
/// let request = try APNSRequest(deviceToken: hex, payload: payload, bundleID: "com.example.app")
/// let response = try await client.send(request)      // throws APNSError with a class
/// await client.shutdown()
/// ```
public final class APNSClient: Sendable {
    public let configuration: APNSClientConfiguration
    private let pool: H2ConnectionPool
    /// Where channel management requests go: the endpoint's `channelBaseURL`; `nil` when it
    /// is not an `https://host[:port]` URL (each channel request then fails with `.http2`).
    let channels: H2Route?
    private let tokens: APNSTokenProvider?
    private let clock: any ServerClock
    private let logger: any HeraldLogger
    private let activity = Locked(Activity())

    private struct Activity {
        var running = 0
        var shuttingDown = false
        var drained: [CheckedContinuation<Void, Never>] = []
    }

    /// Opens nothing yet: connections are made on the first request.
    ///
    /// - Parameters:
    ///   - clock: runs token refresh and retry backoff (`LiveServerClock()`, or a manual clock in tests).
    ///   - wallClock: Unix seconds for the tokens' `iat`.
    public init(
        configuration: APNSClientConfiguration, clock: any ServerClock = LiveServerClock(), logger: any HeraldLogger = SilentLogger(),
        wallClock: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }
    ) throws(APNSConfigurationError) {
        let settings = try configuration.validated()
        if case .token(let signer) = configuration.authentication {
            tokens = try APNSTokenProvider(signer: signer, clock: clock, refreshInterval: configuration.tokenRefreshInterval, wallClock: wallClock, logger: logger)
        } else {
            tokens = nil
        }
        do {
            pool = try H2ConnectionPool(settings: settings, count: configuration.connections, logger: logger)
        } catch {
            throw APNSConfigurationError("transport", error.description)
        }
        channels = H2Route(url: configuration.endpoint.channelBaseURL)
        self.configuration = configuration
        self.clock = clock
        self.logger = logger
    }

    /// Sends `request`; returns when APNs accepted it.
    ///
    /// Throws `APNSError` when APNs refused it (its `errorClass` says what to do),
    /// `APNSTransportError` when no answer came after the retries, and
    /// `APNSTransportError` at once when the client is shutting down.
    public func send(_ request: APNSRequest) async throws -> APNSResponse {
        try enter()
        defer { leave() }
        return Self.response(try await deliver(wire(request)), request)
    }

    /// The response for an accepted `request`.
    private static func response(_ answer: TransportAnswer, _ request: APNSRequest) -> APNSResponse {
        APNSResponse(apnsID: answer.apnsID ?? request.apnsID ?? "", uniqueID: answer.uniqueID, status: answer.status)
    }

    /// The exchange that sends `request`.
    private func wire(_ request: APNSRequest) -> APNSWireRequest {
        APNSWireRequest(
            request: H2Request(path: request.path, fields: request.headers, body: request.payload),
            label: String(request.deviceToken.prefix(8)) + "…")
    }

    /// Makes one exchange with renewal and retries; the caller has entered. Returns the
    /// answer when its status is 2xx, throws `APNSError` for any other.
    ///
    /// `first` is the reply to a first attempt already made (by `send(batch:)`) with
    /// that token: it counts as the first attempt, and delivery goes on from it.
    func deliver(_ request: APNSWireRequest, first: FirstAttempt? = nil) async throws -> TransportAnswer {
        var retries = 0
        var renewed = false
        var made = first
        while true {
            let token: APNSTokenProvider.Token?
            let reply: TransportReply
            if let attempt = made {
                made = nil
                token = attempt.token
                reply = attempt.reply
            } else {
                token = try currentToken()
                reply = await pool.perform(authorized(request.request, token))
            }
            let failure: any Error
            var retryAfter: Double?
            switch reply {
            case .answer(let answer) where (200..<300).contains(answer.status):
                return answer
            case .answer(let answer):
                let error = APNSError(
                    status: answer.status, body: answer.body, apnsID: answer.apnsID, retryAfter: answer.retryAfter, location: answer.field("location"))
                if error.errorClass == .refreshToken, let token, !renewed {
                    renewed = true
                    _ = try tokens?.renew(replacing: token)
                    continue
                }
                guard error.errorClass == .retryAfter || error.errorClass == .backOff else { throw error }
                failure = error
                retryAfter = answer.retryAfter
            case .failure(let error):
                failure = error
            }
            guard retries < configuration.retry.maxRetries else { throw failure }
            retries += 1
            let delay = configuration.retry.delay(attempt: retries, retryAfter: retryAfter)
            logger.log(.info, "APNs \(request.label): \(failure); retry \(retries) in \(delay) s")
            await clock.sleep(delay)
        }
    }

    /// Sends every request, as many at once as the pool allows; results in the same order.
    ///
    /// A batch that started before `shutdown()` is sent whole; one started after it
    /// gets the shutdown error for every request.
    ///
    /// No task per request: one loop takes free slots (several per wakeup) and hands
    /// their requests to the transport, whose thread records each 200 directly. Only a
    /// request that needs more (a refusal, a renewal, a retry) gets a task, which goes
    /// on from that first reply exactly as `send(_:)` would.
    public func send(batch requests: [APNSRequest]) async -> [Result<APNSResponse, any Error>] {
        do {
            try enter()
        } catch {
            return requests.map { _ in .failure(error) }
        }
        defer { leave() }
        guard !requests.isEmpty else { return [] }
        let batch = BatchState(count: requests.count)
        var next = 0
        while next < requests.count {
            let slots = await pool.acquire(upTo: requests.count - next)
            for _ in 0..<slots {
                let index = next
                next += 1
                let request = requests[index]
                let token: APNSTokenProvider.Token?
                do {
                    token = try currentToken()
                } catch {
                    pool.releaseUnused()
                    batch.finish(index, .failure(error))
                    continue
                }
                let wire = wire(request)
                pool.submit(authorized(wire.request, token)) { [self] reply in
                    if case .answer(let answer) = reply, answer.status == 200 {
                        batch.finish(index, .success(Self.response(answer, request)))
                        return
                    }
                    let attempt = FirstAttempt(token: token, reply: reply)
                    Task {
                        let result: Result<APNSResponse, any Error>
                        do { result = .success(Self.response(try await self.deliver(wire, first: attempt), request)) } catch { result = .failure(error) }
                        batch.finish(index, result)
                    }
                }
            }
        }
        return await batch.results()
    }

    /// A first attempt `send(batch:)` made: the token it carried and the reply.
    struct FirstAttempt: Sendable {
        var token: APNSTokenProvider.Token?
        var reply: TransportReply
    }

    /// The results of one batch, filled in from the transport threads and retry tasks.
    private final class BatchState: Sendable {
        private struct State {
            var results: [Result<APNSResponse, any Error>?]
            var remaining: Int
            var waiter: CheckedContinuation<[Result<APNSResponse, any Error>], Never>?
        }

        private let state: Locked<State>

        init(count: Int) {
            state = Locked(State(results: Array(repeating: nil, count: count), remaining: count))
        }

        func finish(_ index: Int, _ result: Result<APNSResponse, any Error>) {
            let done = state.withLock { state -> (CheckedContinuation<[Result<APNSResponse, any Error>], Never>, [Result<APNSResponse, any Error>])? in
                state.results[index] = result
                state.remaining -= 1
                guard state.remaining == 0, let waiter = state.waiter else { return nil }
                state.waiter = nil
                return (waiter, Self.complete(state.results))
            }
            if let (waiter, results) = done { waiter.resume(returning: results) }
        }

        /// Waits until every request has its result.
        func results() async -> [Result<APNSResponse, any Error>] {
            await withCheckedContinuation { (continuation: CheckedContinuation<[Result<APNSResponse, any Error>], Never>) in
                let ready = state.withLock { state -> [Result<APNSResponse, any Error>]? in
                    guard state.remaining == 0 else {
                        state.waiter = continuation
                        return nil
                    }
                    return Self.complete(state.results)
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }

        private static func complete(_ results: [Result<APNSResponse, any Error>?]) -> [Result<APNSResponse, any Error>] {
            results.map { $0 ?? .failure(APNSTransportError(.connectionLost, "not sent")) }
        }
    }

    /// Refuses new requests, waits for every request already accepted (in flight,
    /// waiting for a permit, or waiting to retry) to finish, then closes the connections.
    public func shutdown() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = activity.withLock { state -> Bool in
                state.shuttingDown = true
                if state.running == 0 { return true }
                state.drained.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
        pool.stop()
        tokens?.stop()
    }

    /// Requests in the transport now (for tests and statistics).
    public var inFlight: Int { pool.inFlight }

    func enter() throws(APNSTransportError) {
        let accepted = activity.withLock { state -> Bool in
            guard !state.shuttingDown else { return false }
            state.running += 1
            return true
        }
        guard accepted else { throw APNSTransportError(.shutDown, "the APNs client is shut down; make a new one to send") }
    }

    func leave() {
        let waiters = activity.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.running -= 1
            guard state.shuttingDown, state.running == 0 else { return [] }
            defer { state.drained.removeAll() }
            return state.drained
        }
        for waiter in waiters { waiter.resume() }
    }

    private func currentToken() throws(OpenSSLError) -> APNSTokenProvider.Token? {
        try tokens?.current()
    }

    /// `request` with the token's `authorization` field (none for certificate auth).
    private func authorized(_ request: H2Request, _ token: APNSTokenProvider.Token?) -> H2Request {
        guard let token else { return request }
        var request = request
        request.fields.append(("authorization", "bearer " + token.value))
        return request
    }

}
