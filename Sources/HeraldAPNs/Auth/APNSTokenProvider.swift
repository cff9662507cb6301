import Foundation
import HeraldCore

/// Keeps one provider token per key and team, and replaces it on the injected clock.
///
/// APNs refuses tokens older than an hour (403 `ExpiredProviderToken`) and new
/// tokens more often than every 20 minutes (429 `TooManyProviderTokenUpdates`), so a
/// token is reused and replaced after `refreshInterval` (20 to 60 minutes) by a timer on
/// the `HeraldClock`. Requests read the current token without touching the main actor;
/// when APNs reports a token expired, `renew(replacing:)` makes one new token for every
/// request that failed with the same one.
@MainActor
public final class APNSTokenProvider {
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
    private let clock: any HeraldClock
    private let wallClock: @Sendable () -> Int
    private let logger: any HeraldLogger
    private let cell = Locked<Token?>(nil)
    private var timer: ClockTimer?
    private var madeAt: Double = 0

    /// - Parameters:
    ///   - refreshInterval: seconds between tokens, 1200...3600 (20 to 60 minutes); 50 minutes by default.
    ///   - wallClock: Unix seconds for `iat`; the system time unless a test injects one.
    public init(
        signer: APNSTokenSigner, clock: any HeraldClock, refreshInterval: Double = 50 * 60,
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
        if let token = cell.current { return token }
        return try make()
    }

    /// The token without touching the main actor; `nil` before the first `current()`.
    public nonisolated var cached: Token? { cell.current }

    /// Replaces `failed` after APNs called it expired; when another request already
    /// replaced it, returns the newer token without signing again.
    public func renew(replacing failed: Token) throws(OpenSSLError) -> Token {
        if let token = cell.current, token.generation > failed.generation { return token }
        logger.log(.info, "APNs token \(failed.generation) reported expired; making a new one")
        return try make()
    }

    /// Stops the refresh timer; the provider makes a new token on the next `current()`.
    public func stop() {
        timer?.cancel()
        timer = nil
        cell.withLock { $0 = nil }
    }

    /// How long ago (clock seconds) the current token was made; `nil` before the first.
    public var age: Double? { cell.current == nil ? nil : clock.now - madeAt }

    private func make() throws(OpenSSLError) -> Token {
        let generation = (cell.current?.generation ?? 0) + 1
        let issuedAt = wallClock()
        let token = Token(value: try signer.token(issuedAt: issuedAt), generation: generation, issuedAt: issuedAt)
        cell.withLock { $0 = token }
        madeAt = clock.now
        timer?.cancel()
        timer = clock.schedule(after: refreshInterval) { [weak self] in self?.refreshOnTimer() }
        return token
    }

    private func refreshOnTimer() {
        timer = nil
        do {
            let token = try make()
            logger.log(.debug, "APNs token refreshed (generation \(token.generation))")
        } catch {
            logger.log(.error, "APNs token refresh failed: \(error); trying again in 60 s")
            timer = clock.schedule(after: 60) { [weak self] in self?.refreshOnTimer() }
        }
    }
}
