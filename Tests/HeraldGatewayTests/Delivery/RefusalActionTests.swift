import HeraldAPNs
import Testing
@testable import HeraldGateway

@Suite("APNs refusals: what the gateway does, from HeraldAPNs' typed error (docs/apns.md's table)")
struct RefusalActionTests {
    @Test(
        "each documented status and reason maps to what the gateway does",
        arguments: [
            (410, "Unregistered", RefusalAction.invalidate), (410, "ExpiredToken", .invalidate), (410, "SomethingNew", .invalidate),
            (400, "BadDeviceToken", .invalidate), (400, "DeviceTokenNotForTopic", .invalidate),
            (400, "BadCollapseId", .fail), (400, "BadTopic", .fail), (400, "PayloadEmpty", .fail),
            (400, "TopicDisallowed", .fail), (400, "IdleTimeout", .retry), (400, "SomethingNew", .fail),
            (403, "ExpiredProviderToken", .retry), (403, "InvalidProviderToken", .pauseForCredentials),
            (403, "BadCertificate", .pauseForCredentials), (403, "BadCertificateEnvironment", .pauseForCredentials),
            (403, "MissingProviderToken", .pauseForCredentials), (403, "UnrelatedKeyIdInToken", .pauseForCredentials),
            (403, "Forbidden", .pauseForCredentials), (404, "BadPath", .fail), (405, "MethodNotAllowed", .fail),
            (413, "PayloadTooLarge", .fail), (429, "TooManyRequests", .retry), (429, "TooManyProviderTokenUpdates", .retry),
            (500, "InternalServerError", .retry), (503, "ServiceUnavailable", .retry), (503, "Shutdown", .retry),
            (502, "SomethingNew", .retry),
        ])
    func action(status: Int, reason: String, expected: RefusalAction) {
        #expect(RefusalAction(APNSError(status: status, reason: APNSError.Reason(text: reason))) == expected)
    }
}

@Suite("Prometheus text")
struct GatewayMetricsTests {
    @Test("every series of a named instance carries instance_id, with and without the per-app series")
    func instanceLabel() {
        let metrics = GatewayMetrics(instance: "gw-2")
        metrics.increment("herald_publishes_total", [("app", "a")], by: 2)
        metrics.set("herald_gateway_instances", 2)
        metrics.observe("herald_delivery_latency_seconds", [("app", "a")], 0.02)
        for (text, app) in [(metrics.render(), ",app=\"a\""), (metrics.render(perApp: false), "")] {
            #expect(text.contains("herald_publishes_total{instance_id=\"gw-2\"\(app)} 2\n"), "\(text)")
            #expect(text.contains("herald_gateway_instances{instance_id=\"gw-2\"} 2\n"))
            #expect(text.contains("herald_delivery_latency_seconds_count{instance_id=\"gw-2\"\(app)} 1\n"))
            #expect(text.contains("herald_delivery_latency_seconds_bucket{instance_id=\"gw-2\"\(app),le=\"+Inf\"} 1\n"))
        }
        #expect(metrics.value("herald_publishes_total", [("app", "a")]) == 2)
    }

    @Test("counters, a gauge and a histogram render with HELP, TYPE, cumulative buckets, sum and count")
    func render() {
        let metrics = GatewayMetrics()
        metrics.increment("herald_publishes_total", [("app", "a\"b")])
        metrics.increment("herald_publishes_total", [("app", "a\"b")], by: 2)
        metrics.set("herald_deliveries_in_flight", 7)
        metrics.observe("herald_delivery_latency_seconds", [("app", "x")], values: [0.0004, 0.02, 3])
        let text = metrics.render()
        #expect(text.contains("# TYPE herald_publishes_total counter\nherald_publishes_total{app=\"a\\\"b\"} 3\n"))
        #expect(text.contains("# TYPE herald_deliveries_in_flight gauge\nherald_deliveries_in_flight 7\n"))
        #expect(text.contains("herald_delivery_latency_seconds_bucket{app=\"x\",le=\"0.0005\"} 1\n"))
        #expect(text.contains("herald_delivery_latency_seconds_bucket{app=\"x\",le=\"0.025\"} 2\n"))
        #expect(text.contains("herald_delivery_latency_seconds_bucket{app=\"x\",le=\"5\"} 3\n"))
        #expect(text.contains("herald_delivery_latency_seconds_bucket{app=\"x\",le=\"+Inf\"} 3\n"))
        #expect(text.contains("herald_delivery_latency_seconds_count{app=\"x\"} 3\n"))
        #expect(metrics.value("herald_publishes_total", [("app", "a\"b")]) == 3)
    }
}
