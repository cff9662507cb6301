import HeraldShared

/// Keeps one access token and replaces it on the injected clock: a token with less than
/// `refreshMargin` seconds left (5 minutes by default) is refreshed before use, and at
/// most one refresh is in flight: every caller that needs a token meanwhile waits for it.
public final class FCMAccessTokenCache: Sendable {
    public typealias Fetch = @Sendable () async throws -> FCMAccessToken

    /// A token and when it expires on the cache's clock.
    public struct Entry: Sendable, Hashable {
        public var token: FCMAccessToken
        public var expiresAt: Double
        /// Counts tokens fetched by this cache, from 1.
        public var generation: Int
    }

    public let refreshMargin: Double
    private let clock: any ServerClock
    private let fetch: Fetch
    private let state = Locked(State())

    private struct State {
        var entry: Entry?
        var refresh: Task<Entry, any Error>?
        var fetches = 0
    }

    public init(clock: any ServerClock, refreshMargin: Double = 5 * 60, fetch: @escaping Fetch) {
        self.clock = clock
        self.refreshMargin = refreshMargin
        self.fetch = fetch
    }

    /// The token to send now: the cached one while more than `refreshMargin` remains,
    /// otherwise a fresh one (shared with every other caller waiting for it).
    public func current() async throws -> Entry {
        let now = clock.now
        if let entry = cached, entry.expiresAt - now > refreshMargin { return entry }
        return try await refreshed(unlessNewerThan: nil)
    }

    /// Drops `failed` after the server refused it, and fetches a new one; when another
    /// caller already replaced it, returns the newer token without fetching again.
    public func renew(replacing failed: Entry) async throws -> Entry {
        try await refreshed(unlessNewerThan: failed.generation)
    }

    /// How many times the token was fetched (for tests and statistics).
    public var fetchCount: Int { state.withLock { $0.fetches } }

    /// The cached entry; `nil` before the first fetch.
    public var cached: Entry? { state.withLock { $0.entry } }

    private func refreshed(unlessNewerThan generation: Int?) async throws -> Entry {
        let shared = state
        let task = shared.withLock { current -> Task<Entry, any Error> in
            if let running = current.refresh { return running }
            if let generation, let entry = current.entry, entry.generation > generation {
                return Task { entry }
            }
            current.fetches += 1
            let made = Task { [fetch, clock] () async throws -> Entry in
                do {
                    let token = try await fetch()
                    return shared.withLock { current in
                        let entry = Entry(
                            token: token, expiresAt: clock.now + token.expiresIn, generation: (current.entry?.generation ?? 0) + 1)
                        current.entry = entry
                        current.refresh = nil
                        return entry
                    }
                } catch {
                    shared.withLock { $0.refresh = nil }
                    throw error
                }
            }
            current.refresh = made
            return made
        }
        return try await task.value
    }
}
