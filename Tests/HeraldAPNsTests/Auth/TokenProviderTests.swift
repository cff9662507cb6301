import HeraldAPNs
import HeraldCore
import HeraldTestSupport
import Testing

@Suite("token cache and refresh on the injected clock")
struct TokenProviderTests {
    let clock = ManualServerClock()

    func provider(refresh: Double = 50 * 60) throws -> APNSTokenProvider {
        let signer = try APNSTokenSigner(key: try APNSSigningKey.generate(), keyID: "ABC123DEFG", teamID: "TEAM123456")
        let wall = clock
        return try APNSTokenProvider(signer: signer, clock: clock, refreshInterval: refresh, wallClock: {
            1_700_000_000 + Int(wall.now)
        })
    }

    @Test("the token is reused until the refresh interval, then replaced by the timer")
    func refreshOnVirtualTime() throws {
        let tokens = try provider()
        let first = try tokens.current()
        clock.advance(by: 49 * 60)
        #expect(try tokens.current() == first)
        #expect(tokens.cached == first)
        clock.advance(by: 60)
        let second = try #require(tokens.cached)
        #expect(second.generation == 2)
        #expect(second.issuedAt == first.issuedAt + 50 * 60)
        #expect(second.value != first.value)
        clock.advance(by: 50 * 60)
        #expect(tokens.cached?.generation == 3)
        #expect(clock.pendingCount == 1)
    }

    @Test("intervals outside 20...60 minutes are refused", arguments: [60.0, 1140.0, 3660.0] as [Double])
    func interval(seconds: Double) throws {
        #expect(throws: APNSConfigurationError.self) { try provider(refresh: seconds) }
    }

    @Test("many requests failing with the same expired token make exactly one new token")
    func singleFlightRenewal() throws {
        let tokens = try provider()
        let expired = try tokens.current()
        clock.advance(by: 25 * 60)
        let renewed = (0..<100).map { _ in try? tokens.renew(replacing: expired) }
        #expect(Set(renewed.compactMap { $0?.generation }) == [2])
        #expect(try tokens.current().generation == 2)
        clock.advance(by: 49 * 60)
        #expect(tokens.cached?.generation == 2, "the timer restarts from the renewal")
        clock.advance(by: 60)
        #expect(tokens.cached?.generation == 3)
    }

    @Test("stop cancels the timer; the next use makes a fresh token")
    func stop() throws {
        let tokens = try provider()
        _ = try tokens.current()
        tokens.stop()
        #expect(clock.pendingCount == 0)
        #expect(tokens.cached == nil)
        #expect(try tokens.current().generation == 1)
    }
}
