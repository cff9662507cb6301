import Foundation
import HeraldCrypto
import HeraldShared

/// Keeps one provider token per key and team, and replaces it on the injected clock.
///
/// APNs refuses tokens older than an hour (403 `ExpiredProviderToken`) and new
/// tokens more often than every 20 minutes (429 `TooManyProviderTokenUpdates`), so a
/// token is reused and replaced after `refreshInterval` (20 to 60 minutes) by a timer on
/// the `ServerClock`. Any thread may read or renew it; when APNs reports a token expired,
/// `renew(replacing:)` makes one new token for every request that failed with the same one.
public final class APNSTokenProvider: Sendable {
    /// A signed token and when it was made.
    public struct Token: Sendable, Hashable {
        /// The JWT for the `authorization: bearer` header.
        public var value: String
        /// Counts tokens made by this provider, from 1.
        public var generation: Int
        /// `iat` of the token (Unix seconds).
        public var issuedAt: Int
    }

    public let signer: APNSTokenSigner
    public let refreshInterval: Double
    private let clock: any ServerClock
    private let wallClock: @Sendable () -> Int
    private let logger: any HeraldLogger
    private let state = Locked(State())

    private struct State {
        var token: Token?
        var timer: ServerTimer?
        var madeAt: Double = 0
        var stopped = false
    }

    /// - Parameters:
    ///   - refreshInterval: seconds between tokens, 1200...3600 (20 to 60 minutes); 50 minutes by default.
    ///   - wallClock: Unix seconds for `iat`; the system time unless a test injects one.
    public init(
        signer: APNSTokenSigner, clock: any ServerClock, refreshInterval: Double = 50 * 60,
        wallClock: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) },
        logger: any HeraldLogger = SilentLogger()
    ) throws(APNSConfigurationError) {
        guard (20 * 60...60 * 60).contains(refreshInterval) else {
            throw APNSConfigurationError("token refresh interval", "\(refreshInterval) s is outside 1200...3600; APNs refuses tokens older than an hour and new ones more often than every 20 minutes")
        }
        self.signer = signer
        self.clock = clock
        self.refreshInterval = refreshInterval
        self.wallClock = wallClock
        self.logger = logger
    }

    /// The token to send now, made on first use.
    public func current() throws(OpenSSLError) -> Token {
        if let token = cached { return token }
        return try make(unless: { $0 != nil })
    }

    /// The current token; `nil` before the first `current()`.
    public var cached: Token? { state.withLock { $0.token } }

    /// Replaces `failed` after APNs called it expired; when another request already
    /// replaced it, returns the newer token without signing again.
    public func renew(replacing failed: Token) throws(OpenSSLError) -> Token {
        if let token = cached, token.generation > failed.generation { return token }
        logger.log(.info, "APNs token \(failed.generation) reported expired; making a new one")
        return try make(unless: { ($0?.generation ?? 0) > failed.generation })
    }

    /// Stops the refresh timer; the provider makes a new token on the next `current()`.
    public func stop() {
        let timer = state.withLock { state -> ServerTimer? in
            defer { state = State(stopped: true) }
            return state.timer
        }
        timer?.cancel()
    }

    /// How long ago (clock seconds) the current token was made; `nil` before the first.
    public var age: Double? {
        let madeAt = state.withLock { $0.token == nil ? nil : $0.madeAt }
        return madeAt.map { clock.now - $0 }
    }

    /// Signs a token and keeps it, unless `skip` says the token another thread made
    /// meanwhile will do (then that one is returned and nothing is signed).
    private func make(unless skip: (Token?) -> Bool) throws(OpenSSLError) -> Token {
        let issuedAt = wallClock()
        let value = try signer.token(issuedAt: issuedAt)
        let now = clock.now
        let (token, old) = state.withLock { state -> (Token, ServerTimer?) in
            if skip(state.token), let token = state.token { return (token, nil) }
            let token = Token(value: value, generation: (state.token?.generation ?? 0) + 1, issuedAt: issuedAt)
            let old = state.timer
            state.token = token
            state.madeAt = now
            state.stopped = false
            state.timer = clock.schedule(after: refreshInterval) { [weak self] in self?.refreshOnTimer() }
            return (token, old)
        }
        old?.cancel()
        return token
    }

    private func refreshOnTimer() {
        guard !state.withLock({ $0.stopped }) else { return }
        do {
            let token = try make(unless: { _ in false })
            logger.log(.debug, "APNs token refreshed (generation \(token.generation))")
        } catch {
            logger.log(.error, "APNs token refresh failed: \(error); trying again in 60 s")
            let timer = clock.schedule(after: 60) { [weak self] in self?.refreshOnTimer() }
            let old = state.withLock { state -> ServerTimer? in
                defer { state.timer = timer }
                return state.timer
            }
            old?.cancel()
        }
    }
}
