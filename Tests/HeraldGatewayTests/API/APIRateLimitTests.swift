import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldHTTP

/// The API's request limits (`herald serve --api-rate-limit`, `--api-burst`,
/// `--device-rate-limit`, `--device-burst`, `--server-rate-limit`): the client key per
/// client address, each device key on its own, the server key only when configured; past
/// a limit, 429 with Retry-After. The clock is the API's injected one.
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
                "more than 2 requests per second, in bursts of 2, with this app's client key from this address (herald serve --api-rate-limit, --api-burst)"
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
        "by default the client key may make 50 requests a second per address in bursts of 500, a device key 10 in bursts of 100; the server key is not limited",
        arguments: StoreKind.tested)
    func defaults(kind: StoreKind) throws {
        #expect(
            GatewayAPI(store: try StoreFixture(kind).store).rateLimiter.limits
                == APIRateLimits(client: 50, clientBurst: 500, device: 10, deviceBurst: 100, server: nil))
        let harness = try APIHarness(kind, rateLimits: APIRateLimits())
        let statuses = (0..<501).map { harness.register($0, peer: "192.0.2.1").status }
        #expect(statuses.prefix(500).allSatisfy { $0 == 201 })
        #expect(statuses.last == 429)
        #expect(harness.register(501, peer: "192.0.2.2").status == 201, "another address has its own bucket")
        harness.clock.now += 1
        #expect((502..<552).map { harness.register($0, peer: "192.0.2.1").status }.allSatisfy { $0 == 201 }, "one second gives 50 back")
        #expect(harness.register(552, peer: "192.0.2.1").status == 429)
        let device = harness.registered(600, peer: "192.0.2.3")
        let own = (0..<101).map { _ in harness.send("GET", "\(harness.devices)/\(device.id)", key: device.key).status }
        #expect(own.prefix(100).allSatisfy { $0 == 200 })
        #expect(own.last == 429)
        let publishes = (0..<600).map { n in
            harness.publish(["tokens": [.string(StoreFixture.token(n))], "apns": ["aps": ["alert": "x"]]]).status
        }
        #expect(publishes.allSatisfy { $0 == 202 }, "the server key has no limit unless one is set")
    }

    @Test(
        "a flood with the client key, or with one device's key, leaves the app's other devices answered",
        arguments: StoreKind.tested)
    func devicesHaveTheirOwnBuckets(kind: StoreKind) throws {
        let harness = try APIHarness(kind, rateLimits: APIRateLimits(client: 1, clientBurst: 2, device: 1, deviceBurst: 2))
        let first = harness.registered(1, peer: "198.51.100.1")
        let second = harness.registered(2, peer: "198.51.100.1")
        let flood = (3..<40).map { harness.register($0, peer: "198.51.100.1").status }
        #expect(flood.allSatisfy { $0 == 429 }, "the attacker's address is spent")
        let get = { (device: (id: String, key: String)) in harness.send("GET", "\(harness.devices)/\(device.id)", key: device.key) }
        #expect(get(first).status == 200, "the client key's flood did not touch the device's bucket")
        #expect(get(first).status == 200)
        let refused = get(first)
        #expect(refused.status == 429)
        #expect(refused.errorMessage.contains("with this device's key (herald serve --device-rate-limit, --device-burst)"))
        #expect(get(second).status == 200, "one device spending its bucket leaves another's")
        #expect(harness.register(41, peer: "198.51.100.2").status == 201, "and another address registers")
    }

    @Test("the client key is counted per address: an IPv6 client by its /64, behind a trusted proxy the address it forwards")
    func clientAddresses() throws {
        let proxy = ConsoleSettings(trustedProxies: [IPRange("10.0.0.0/8")!])
        let harness = try APIHarness(.sqlite, rateLimits: APIRateLimits(client: 1, clientBurst: 1), console: proxy)
        #expect(harness.register(1, peer: "2001:db8:1:2::1").status == 201)
        #expect(harness.register(2, peer: "2001:db8:1:2::ffff").status == 429, "the same /64")
        #expect(harness.register(3, peer: "2001:db8:1:3::1").status == 201, "another /64")
        let forwarded = { (n: Int, client: String) in
            harness.send(
                "POST", harness.devices, key: harness.clientKey,
                json: ["token": .string(StoreFixture.token(n)), "environment": "production"], headers: ["X-Forwarded-For": client],
                peer: "10.0.0.2"
            ).status
        }
        #expect(forwarded(4, "203.0.113.1") == 201)
        #expect(forwarded(5, "203.0.113.1") == 429)
        #expect(forwarded(6, "203.0.113.2") == 201, "two clients behind one proxy are two buckets")
        #expect(harness.register(7, peer: "192.0.2.9").status == 201)
        let untrusted = harness.send(
            "POST", harness.devices, key: harness.clientKey,
            json: ["token": .string(StoreFixture.token(8)), "environment": "production"], headers: ["X-Forwarded-For": "203.0.113.77"],
            peer: "192.0.2.9")
        #expect(untrusted.status == 429, "a client that is not the proxy cannot pick its address")
    }

    @Test("a 5,000-device receipt wave at the defaults gets no 429", arguments: StoreKind.tested)
    func receiptWave(kind: StoreKind) throws {
        let harness = try APIHarness(kind, rateLimits: APIRateLimits())
        // Devices register from many addresses, as an app's users do.
        let devices = (0..<5000).map { harness.registered($0, peer: "10.\($0 / 250).\($0 % 250).1") }
        #expect(devices.allSatisfy { !$0.key.isEmpty })
        var statuses: [Int: Int] = [:]
        for event in ["delivered", "opened"] {
            for device in devices {
                let status = harness.send(
                    "POST", "/v1/apps/\(harness.appID)/events", key: device.key,
                    json: ["events": [["publishId": "pub_wave", "event": .string(event), "at": .double(harness.clock.now)]]]
                ).status
                statuses[status, default: 0] += 1
            }
        }
        #expect(statuses == [202: 10_000])
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

    @Test("the buckets kept are bounded: past the capacity the half-full are forgotten, then callers share overflow buckets")
    func bounded() {
        let limiter = APIRateLimiter(APIRateLimits(device: 1, deviceBurst: 10), capacity: 3)
        let device = { (id: String) in APIRateLimiter.Caller.device(app: "app_a", id: id) }
        // Three devices: one used once (nine tokens left), two drained.
        #expect(limiter.admit(device("light"), now: 0) == nil)
        for id in ["heavy1", "heavy2"] { for _ in 0..<10 { #expect(limiter.admit(device(id), now: 0) == nil) } }
        #expect(limiter.admit(device("heavy1"), now: 0) != nil)
        #expect(limiter.tracked.devices == 3)
        // A fourth forgets the light one (at least half full) and takes its place.
        #expect(limiter.admit(device("new"), now: 0) == nil)
        #expect(limiter.tracked.devices == 3)
        #expect(limiter.admit(device("heavy1"), now: 0) != nil, "the drained keep their buckets")
        // Full of callers under half: a newcomer shares an overflow bucket; memory stays bounded.
        for _ in 0..<5 { _ = limiter.admit(device("new"), now: 0) }
        for n in 0..<100 { _ = limiter.admit(device("stranger\(n)"), now: 0) }
        #expect(limiter.tracked.devices <= 3 + APIRateLimiter.overflowBuckets)
        #expect(limiter.admit(device("heavy2"), now: 0) != nil)
    }

    @Test("without limits nothing is refused", arguments: StoreKind.tested)
    func unlimited(kind: StoreKind) throws {
        let harness = try APIHarness(kind, rateLimits: .unlimited)
        for n in 0..<50 { #expect(harness.register(n).status == 201) }
        for _ in 0..<50 { #expect(harness.publish(["interests": ["news"], "notification": ["title": "x"]]).status == 202) }
    }
}
