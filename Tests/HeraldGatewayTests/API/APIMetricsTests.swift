import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldHTTP

/// `/metrics` never shows app ids to a caller without the metrics token: without a token
/// configured it leaves the `app` label out (totals over the apps); with one, it answers
/// only the requests that bear it.
@Suite("API /metrics")
struct APIMetricsTests {
    static let token = "metrics-token-" + String(repeating: "t", count: 32)

    /// Traffic of both apps of the harness: a registration, a publish each.
    static func traffic(_ h: APIHarness) {
        #expect(h.register(1).status == 201)
        #expect(h.publish(["interests": ["news"], "notification": ["title": "x"]]).status == 202)
        let other = h.send(
            "POST", "/v1/apps/app_other/publishes", key: h.otherServerKey,
            json: ["interests": ["news"], "notification": ["title": "x"]])
        #expect(other.status == 202)
    }

    static func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test(
        "without a metrics token: 200 for anyone, no app id and no app label, each series summed over the apps",
        arguments: StoreKind.tested)
    func open(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        Self.traffic(h)
        let metrics = h.send("GET", "/metrics")
        #expect(metrics.status == 200)
        let text = Self.text(metrics)
        #expect(!text.contains(h.appID) && !text.contains("app_other") && !text.contains("app="), "\(text)")
        #expect(text.contains("herald_publishes_total 2\n"), "both apps' publishes in one series")
        #expect(text.contains("herald_http_requests_total{route=\"publish\",status=\"202\"} 2\n"))
        #expect(text.contains("herald_devices_registered_total 1\n"))
        #expect(text.contains("--metrics-token"), "says how to see the per-app series")
    }

    @Test(
        "with a metrics token: 401 without it, with a wrong one or with an app's key, and nothing about the apps; per app with it",
        arguments: StoreKind.tested)
    func token(kind: StoreKind) throws {
        let h = try APIHarness(kind, metricsToken: Self.token)
        Self.traffic(h)
        for key in [nil, "wrong", h.serverKey, h.clientKey, Self.token + "x"] {
            let refused = h.send("GET", "/metrics", key: key)
            #expect(refused.status == 401, "\(key ?? "no key")")
            #expect(refused.errorCode == "unauthorized")
            #expect(refused.errorMessage.contains("--metrics-token"))
            #expect(refused.headers.contains { $0.0 == "WWW-Authenticate" && $0.1 == "Bearer" })
            #expect(!Self.text(refused).contains(h.appID))
        }
        let metrics = h.send("GET", "/metrics", key: Self.token)
        #expect(metrics.status == 200)
        let text = Self.text(metrics)
        #expect(text.contains("herald_publishes_total{app=\"\(h.appID)\"} 1\n"), "\(text)")
        #expect(text.contains("herald_publishes_total{app=\"app_other\"} 1\n"))
        #expect(!text.contains("left out"))
    }

    @Test("histograms summed over the apps: buckets, count and sum add up")
    func histograms() {
        let metrics = GatewayMetrics()
        metrics.observe("herald_delivery_latency_seconds", [("app", "a")], values: [0.0004, 2])
        metrics.observe("herald_delivery_latency_seconds", [("app", "b")], values: [0.02])
        let text = metrics.render(perApp: false)
        #expect(text.contains("herald_delivery_latency_seconds_bucket{le=\"0.0005\"} 1\n"))
        #expect(text.contains("herald_delivery_latency_seconds_bucket{le=\"0.025\"} 2\n"))
        #expect(text.contains("herald_delivery_latency_seconds_bucket{le=\"+Inf\"} 3\n"))
        #expect(text.contains("herald_delivery_latency_seconds_count 3\n"))
        #expect(text.contains("herald_delivery_latency_seconds_sum 2.0204\n"), "\(text)")
        #expect(!text.contains("app="))
    }
}
