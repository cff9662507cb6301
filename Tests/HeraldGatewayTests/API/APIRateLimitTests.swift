import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway

/// `herald serve --api-rate-limit N`: per app and per key, N requests a second, then 429
/// with Retry-After; the clock is the API's injected one.
@Suite("API rate limit")
struct APIRateLimitTests {
    func retryAfter(_ response: HTTPResponse) -> String? {
        response.headers.first { $0.0.lowercased() == "retry-after" }?.1
    }

    @Test("over the rate: 429 rate_limited with Retry-After and what to do; the bucket refills with time")
    func limited() throws {
        let harness = try APIHarness(apiRateLimit: 2)
        #expect(harness.register(1).status == 201)
        #expect(harness.register(2).status == 201)
        let refused = harness.register(3)
        #expect(refused.status == 429)
        #expect(refused.errorCode == "rate_limited")
        #expect(refused.errorMessage.contains("more than 2 requests per second with this app's client key"))
        #expect(retryAfter(refused) == "1")
        harness.clock.now += 0.5
        // 201, not 200: the refused request had not registered the device.
        #expect(harness.register(3).status == 201, "half a second gives one request back at 2 per second")
        #expect(harness.register(4).status == 429)
        harness.clock.now += 1
        #expect(harness.register(4).status == 201)
    }

    @Test("each app and each key has its own bucket; a wrong key is refused before it counts")
    func separateBuckets() throws {
        let harness = try APIHarness(apiRateLimit: 1)
        #expect(harness.register(1).status == 201)
        #expect(harness.register(2).status == 429)
        #expect(harness.publish(["interests": ["news"], "notification": ["title": "x"]]).status == 202, "the server key has its own")
        #expect(harness.send("GET", "/v1/apps/app_other/publishes/pub_x", key: harness.otherServerKey).status == 404)
        #expect(harness.send("POST", harness.devices, key: "hck_wrong", json: [:]).status == 401)
        #expect(harness.send("GET", "/healthz").status == 200, "health and metrics are never limited")
    }

    @Test("without a limit nothing is refused")
    func unlimited() throws {
        let harness = try APIHarness()
        for n in 0..<50 { #expect(harness.register(n).status == 201) }
    }
}
