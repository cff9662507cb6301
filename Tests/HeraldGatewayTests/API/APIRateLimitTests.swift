import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway

/// The API's request limits per app (`herald serve --api-rate-limit`, `--api-burst`,
/// `--server-rate-limit`): the client side (client key and device keys together) is
/// limited by default, the server key only when configured; past a limit, 429 with
/// Retry-After. The clock is the API's injected one.
@Suite("API rate limit")
struct APIRateLimitTests {
    func retryAfter(_ response: HTTPResponse) -> String? {
        response.headers.first { $0.0.lowercased() == "retry-after" }?.1
    }

    @Test("over the rate: 429 rate_limited with Retry-After and what to do; the bucket refills with time", arguments: StoreKind.tested)
    func limited(kind: StoreKind) throws {
        let harness = try APIHarness(kind, rateLimits: APIRateLimits(client: 2, clientBurst: 2))
        #expect(harness.register(1).status == 201)
        #expect(harness.register(2).status == 201)
        let refused = harness.register(3)
        #expect(refused.status == 429)
        #expect(refused.errorCode == "rate_limited")
        #expect(
            refused.errorMessage.contains(
                "more than 2 requests per second, in bursts of 2, with this app's client key and device keys together (herald serve --api-rate-limit, --api-burst)"
            ), "\(refused.errorMessage)")
        #expect(retryAfter(refused) == "1")
        harness.clock.now += 0.5
        // 201, not 200: the refused request had not registered the device.
        #expect(harness.register(3).status == 201, "half a second gives one request back at 2 per second")
        #expect(harness.register(4).status == 429)
        harness.clock.now += 1
        #expect(harness.register(4).status == 201)
    }

    @Test(
        "by default the client side may make 50 requests a second in bursts of 500; the server key is not limited",
        arguments: StoreKind.tested)
    func defaults(kind: StoreKind) throws {
        #expect(
            GatewayAPI(store: try StoreFixture(kind).store).rateLimiter.limits == APIRateLimits(client: 50, clientBurst: 500, server: nil))
        let harness = try APIHarness(kind, rateLimits: APIRateLimits())
        let statuses = (0..<501).map { harness.register($0).status }
        #expect(statuses.prefix(500).allSatisfy { $0 == 201 })
        #expect(statuses.last == 429)
        harness.clock.now += 1
        #expect((501..<551).map { harness.register($0).status }.allSatisfy { $0 == 201 }, "one second gives 50 back")
        #expect(harness.register(551).status == 429)
        let publishes = (0..<600).map { n in
            harness.publish(["tokens": [.string(StoreFixture.token(n))], "apns": ["aps": ["alert": "x"]]]).status
        }
        #expect(publishes.allSatisfy { $0 == 202 }, "the server key has no limit unless one is set")
    }

    @Test("the client key and the app's device keys share one bucket", arguments: StoreKind.tested)
    func devicesShareClientBucket(kind: StoreKind) throws {
        let harness = try APIHarness(kind, rateLimits: APIRateLimits(client: 1, clientBurst: 2))
        let device = harness.registered(1)
        #expect(harness.send("GET", "\(harness.devices)/\(device.id)", key: device.key).status == 200)
        #expect(harness.send("GET", "\(harness.devices)/\(device.id)", key: device.key).status == 429)
        #expect(harness.register(2).status == 429)
    }

    @Test(
        "--server-rate-limit limits the server key in its own bucket; each app has its own; a wrong key is refused before it counts",
        arguments: StoreKind.tested)
    func serverLimit(kind: StoreKind) throws {
        let harness = try APIHarness(kind, rateLimits: APIRateLimits(client: 1, clientBurst: 1, server: 1))
        let body: JSONValue = ["interests": ["news"], "notification": ["title": "x"]]
        #expect(harness.send("POST", harness.devices, key: "hck_wrong", json: [:]).status == 401)
        #expect(harness.register(1).status == 201)
        #expect(harness.register(2).status == 429)
        #expect(harness.publish(body).status == 202, "the server key has its own bucket")
        let refused = harness.publish(body)
        #expect(refused.status == 429)
        #expect(
            refused.errorMessage.contains("more than 1 requests per second with this app's server key (herald serve --server-rate-limit)"))
        #expect(harness.send("GET", "/v1/apps/app_other/publishes/pub_x", key: harness.otherServerKey).status == 404, "another app")
        #expect(harness.send("GET", "/healthz").status == 200, "health and metrics are never limited")
    }

    @Test("without limits nothing is refused", arguments: StoreKind.tested)
    func unlimited(kind: StoreKind) throws {
        let harness = try APIHarness(kind, rateLimits: .unlimited)
        for n in 0..<50 { #expect(harness.register(n).status == 201) }
        for _ in 0..<50 { #expect(harness.publish(["interests": ["news"], "notification": ["title": "x"]]).status == 202) }
    }
}
