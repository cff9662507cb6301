import Foundation
import HeraldGateway
import Testing
@testable import HeraldCLI
@testable import HeraldStore

/// `herald serve`'s limits as the command line sets them: on by default for the client
/// side and the storage quotas, off for the server key; 0 turns one off.
@Suite("herald serve settings")
struct ServeSettingsTests {
    static func settings(_ words: [String], environment: [String: String] = [:]) throws -> ServeSettings {
        try ServeSettings(try Arguments(words, spec: ServeCommand.spec), environment: environment)
    }

    @Test("without options: the client key 50 requests/s per address in bursts of 500, a device key 10/s in bursts of 100, the server key unlimited, the default quotas")
    func defaults() throws {
        let settings = try Self.settings([])
        #expect(settings.rateLimits == APIRateLimits(client: 50, clientBurst: 500, device: 10, deviceBurst: 100, server: nil))
        #expect(
            settings.quota
                == DeviceQuota(
                    interestsPerDevice: 100, devicesPerApp: 1_000_000, subscriptionsPerApp: 10_000_000, eventsPerApp: 100_000_000,
                    inboxMessagesPerUser: 1000))
    }

    @Test("each option sets its limit; 0 turns a rate limit or a quota off")
    func options() throws {
        let set = try Self.settings([
            "--api-rate-limit", "5", "--api-burst", "7", "--device-rate-limit", "11", "--device-burst", "12", "--server-rate-limit", "9",
            "--max-interests-per-device", "3", "--max-devices-per-app", "4", "--max-subscriptions-per-app", "0", "--max-events-per-app", "6",
            "--max-inbox-messages-per-user", "8",
        ])
        #expect(set.rateLimits == APIRateLimits(client: 5, clientBurst: 7, device: 11, deviceBurst: 12, server: 9))
        #expect(set.quota == DeviceQuota(interestsPerDevice: 3, devicesPerApp: 4, subscriptionsPerApp: .max, eventsPerApp: 6, inboxMessagesPerUser: 8))
        #expect(try Self.settings(["--api-rate-limit", "0"]).rateLimits.client == nil)
    }

    @Test("--store-timeout sets each store call's deadline (default 5 s); outside 1 to 600 it is a usage error")
    func storeTimeout() throws {
        #expect(try Self.settings([]).storeTimeout == 5)
        #expect(try Self.settings(["--store-timeout", "2"]).storeTimeout == 2)
        for bad in ["0", "601", "0.5", "soon"] {
            let error = try #require(throws: UsageError.self, "\(bad)") { try Self.settings(["--store-timeout", bad]) }
            #expect("\(error)".contains("--store-timeout"))
        }
    }

    @Test("handler threads and the handler timeout: 16 and 10 s, set by --handler-threads and --handler-timeout")
    func handlers() throws {
        let defaults = try Self.settings([]).http
        #expect(defaults.handlerThreads == 16)
        #expect(defaults.handlerTimeoutSeconds == 10)
        let set = try Self.settings(["--handler-threads", "4", "--handler-timeout", "3"]).http
        #expect(set.handlerThreads == 4)
        #expect(set.handlerTimeoutSeconds == 3)
        #expect(throws: (any Error).self) { try Self.settings(["--handler-timeout", "0"]) }
    }

    @Test("the metrics token comes from --metrics-token, else HERALD_METRICS_TOKEN; a short one is refused")
    func metricsToken() throws {
        let token = String(repeating: "a1", count: 16)
        #expect(try Self.settings([]).metricsToken == nil)
        #expect(try Self.settings([], environment: ["HERALD_METRICS_TOKEN": token]).metricsToken == token)
        #expect(
            try Self.settings(["--metrics-token", token + "b"], environment: ["HERALD_METRICS_TOKEN": token]).metricsToken == token + "b")
        #expect(throws: UsageError.self) { try Self.settings(["--metrics-token", "short"]) }
        #expect(throws: UsageError.self) { try Self.settings([], environment: ["HERALD_METRICS_TOKEN": "with a space in it, long enough"]) }
    }

    @Test("--trusted-proxy takes addresses and CIDR blocks, repeated or comma-separated; anything else is a usage error")
    func trustedProxies() throws {
        #expect(try Self.settings([]).console == ConsoleSettings())
        let set = try Self.settings(["--trusted-proxy", "127.0.0.1", "--trusted-proxy", "10.0.0.0/8,fd00::/8", "--console-secure-cookie"])
        #expect(set.console.trustedProxies.map(\.description) == ["127.0.0.1", "10.0.0.0/8", "fd00::/8"])
        #expect(set.console.secureCookies)
        for bad in ["proxy.internal", "10.0.0.0/40", ""] {
            #expect(throws: UsageError.self, "\(bad)") { try Self.settings(["--trusted-proxy", bad]) }
        }
    }
}
