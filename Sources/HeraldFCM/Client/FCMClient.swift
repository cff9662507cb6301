import Foundation
import HeraldFCMModel
import HeraldH2Client
import HeraldShared

/// Sends messages to FCM's HTTP v1 API over HTTP/2: the access token from the service
/// account's `token_uri` (cached, refreshed before it expires, renewed once when FCM
/// refuses it), many streams per connection, retries of `UNAVAILABLE`/`INTERNAL` with
/// backoff on the injected clock, and typed errors.
///
/// ```swift
/// let account = try FCMServiceAccount(contentsOfFile: "service-account.json")
/// let client = try FCMClient(configuration: .init(serviceAccount: account))
/// let name = try await client.send(FCMMessage(token: token, notification: .init(title: "Hi")))
/// await client.shutdown()
/// ```
public final class FCMClient: Sendable {
    public let configuration: FCMClientConfiguration
    private let pool: H2ConnectionPool
    private let tokenRoute: H2Route
    private let clock: any ServerClock
    private let logger: any HeraldLogger
    /// The access tokens (for tests and statistics: `fetchCount`).
    public let tokens: FCMAccessTokenCache

    /// Opens nothing yet: connections are made on the first request.
    ///
    /// - Parameters:
    ///   - clock: runs the token cache and the retry backoff.
    ///   - wallClock: Unix seconds for the assertions' `iat`.
    public init(
        configuration: FCMClientConfiguration, clock: any ServerClock = LiveServerClock(), logger: any HeraldLogger = SilentLogger(),
        wallClock: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }
    ) throws(FCMConfigurationError) {
        let (settings, tokenRoute) = try configuration.validated()
        let pool: H2ConnectionPool
        do {
            pool = try H2ConnectionPool(settings: settings, count: configuration.connections, logger: logger)
        } catch {
            throw FCMConfigurationError("transport", error.description)
        }
        let account = configuration.serviceAccount
        tokens = FCMAccessTokenCache(clock: clock) {
            let assertion = try FCMAssertion.sign(account, issuedAt: wallClock())
            let path = tokenRoute.basePath.isEmpty ? "/" : ""
            let request = H2Request(
                route: tokenRoute, path: path, fields: [], body: FCMAssertion.grantBody(assertion: assertion),
                contentType: "application/x-www-form-urlencoded")
            switch await pool.perform(request) {
            case .answer(let answer) where answer.status == 200: return try FCMAccessToken(response: answer.body)
            case .answer(let answer):
                throw FCMError(tokenStatus: answer.status, body: answer.body, retryAfter: answer.retryAfter, location: answer.field("location"))
            case .failure(let error): throw error
            }
        }
        self.pool = pool
        self.tokenRoute = tokenRoute
        self.configuration = configuration
        self.clock = clock
        self.logger = logger
    }

    /// Sends `message`; returns FCM's name for it (`projects/P/messages/ID`).
    ///
    /// Throws `FCMMessageError` when the message breaks FCM's limits (nothing is sent),
    /// `FCMError` when FCM or the token endpoint refused it (its `errorClass` says what to
    /// do), and `TransportError` when no answer came after the retries.
    public func send(_ message: FCMMessage) async throws -> String {
        let body = try message.body()
        let path = "/v1/projects/\(configuration.serviceAccount.projectID)/messages:send"
        var retries = 0
        var renewed = false
        var refused: FCMAccessTokenCache.Entry?
        var used: FCMAccessTokenCache.Entry?
        while true {
            let failure: any Error
            do {
                let entry: FCMAccessTokenCache.Entry
                if let refused { entry = try await tokens.renew(replacing: refused) } else { entry = try await tokens.current() }
                (used, refused) = (entry, nil)
                let request = H2Request(path: path, fields: [("authorization", "Bearer " + entry.token.value)], body: body)
                switch await pool.perform(request) {
                case .answer(let answer) where (200..<300).contains(answer.status):
                    return (try? JSONParser().parse(answer.body))?["name"]?.stringValue ?? ""
                case .answer(let answer):
                    let error = FCMError(status: answer.status, body: answer.body, retryAfter: answer.retryAfter, location: answer.field("location"))
                    if answer.status == 401, error.code == FCMError.Code.unauthenticated, !renewed {
                        // The access token expired or was revoked early: one new token, sent again at once.
                        (renewed, refused) = (true, used)
                        logger.log(.info, "FCM refused the access token; fetching a new one")
                        continue
                    }
                    throw error
                case .failure(let error):
                    throw error
                }
            } catch let error as FCMError where error.errorClass == .backOff {
                failure = error
            } catch let error as TransportError where error.kind != .shutDown {
                failure = error
            }
            guard retries < configuration.maxRetries else { throw failure }
            retries += 1
            let delay = configuration.backoff.delay(attempt: retries - 1, jitter: .random(in: 0...1))
            logger.log(.info, "FCM \(message.token.prefix(8))…: \(failure); retry \(retries) in \(delay) s")
            await clock.sleep(delay)
        }
    }

    /// Sends every message, as many at once as the connections allow; results in the same order.
    ///
    /// At most the pool's capacity (connections × streams) of sends are under way at once, so
    /// a large batch costs a window of tasks, not a task per message.
    public func send(batch messages: [FCMMessage]) async -> [Result<String, any Error>] {
        await withTaskGroup(of: (Int, Result<String, any Error>).self) { group in
            var pending = messages.indices.makeIterator()
            var results = [Result<String, any Error>?](repeating: nil, count: messages.count)
            for _ in 0..<min(pool.capacity, messages.count) {
                guard let index = pending.next() else { break }
                group.addTask { await (index, self.result(of: messages[index])) }
            }
            while let (index, result) = await group.next() {
                results[index] = result
                if let next = pending.next() { group.addTask { await (next, self.result(of: messages[next])) } }
            }
            return results.map { $0 ?? .failure(TransportError(.connectionLost, "not sent")) }
        }
    }

    private func result(of message: FCMMessage) async -> Result<String, any Error> {
        do { return .success(try await send(message)) } catch { return .failure(error) }
    }

    /// Requests in the transport now.
    public var inFlight: Int { pool.inFlight }

    /// Lets what is in flight finish and closes the connections; a send after it throws
    /// `TransportError` (kind `.shutDown`) at once.
    public func shutdown() async {
        pool.stop()
    }
}
