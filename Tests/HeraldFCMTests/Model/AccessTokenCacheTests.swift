import Foundation
import HeraldFCMModel
import HeraldShared
import HeraldTestSupport
import Testing

@Suite("The access-token cache")
struct AccessTokenCacheTests {
    /// Counts fetches and hands out tokens `t1`, `t2`, ... living `life` seconds.
    final class Counter: Sendable {
        let count = Locked(0)
        let life: Double
        init(life: Double = 3600) { self.life = life }
        func fetch() async throws -> FCMAccessToken {
            let n = count.withLock { value -> Int in
                value += 1
                return value
            }
            try await Task.sleep(nanoseconds: 20_000_000)
            return FCMAccessToken(value: "t\(n)", expiresIn: life)
        }
    }

    @Test("a token is reused until less than five minutes remain, then refreshed")
    func refreshMargin() async throws {
        let clock = ManualServerClock()
        let counter = Counter()
        let cache = FCMAccessTokenCache(clock: clock) { try await counter.fetch() }
        #expect(try await cache.current().token.value == "t1")
        clock.advance(by: 3600 - 301)
        #expect(try await cache.current().token.value == "t1")
        clock.advance(by: 2)
        #expect(try await cache.current().token.value == "t2")
        #expect(counter.count.current == 2)
    }

    @Test("callers that need a token at once share one fetch")
    func oneInFlight() async throws {
        let counter = Counter()
        let cache = FCMAccessTokenCache(clock: ManualServerClock()) { try await counter.fetch() }
        let values = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 { group.addTask { try await cache.current().token.value } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(values) == ["t1"])
        #expect(counter.count.current == 1)
    }

    @Test("renewing a refused token fetches once; renewing an older one returns the newer")
    func renew() async throws {
        let counter = Counter()
        let cache = FCMAccessTokenCache(clock: ManualServerClock()) { try await counter.fetch() }
        let first = try await cache.current()
        let second = try await cache.renew(replacing: first)
        #expect(second.token.value == "t2" && second.generation == 2)
        #expect(try await cache.renew(replacing: first).token.value == "t2")
        #expect(counter.count.current == 2)
    }

    @Test("a failed fetch is reported, and the next call tries again")
    func failure() async throws {
        struct Down: Error {}
        let fail = Locked(true)
        let cache = FCMAccessTokenCache(clock: ManualServerClock()) {
            if fail.current { throw Down() }
            return FCMAccessToken(value: "ok", expiresIn: 60)
        }
        await #expect(throws: Down.self) { try await cache.current() }
        fail.withLock { $0 = false }
        #expect(try await cache.current().token.value == "ok")
    }

    @Test("the token endpoint's answer is read; one without a token is an error")
    func response() throws {
        let token = try FCMAccessToken(response: Array(#"{"access_token":"ya29.x","expires_in":3599,"token_type":"Bearer"}"#.utf8))
        #expect(token == FCMAccessToken(value: "ya29.x", expiresIn: 3599))
        #expect(throws: FCMError.self) { try FCMAccessToken(response: Array(#"{"expires_in":3599}"#.utf8)) }
        #expect(throws: FCMError.self) {
            try FCMAccessToken(response: Array(#"{"access_token":"x","expires_in":9,"token_type":"MAC"}"#.utf8))
        }
    }
}
