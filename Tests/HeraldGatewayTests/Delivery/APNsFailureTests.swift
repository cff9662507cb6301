import Testing
@testable import HeraldGateway

@Suite("APNs refusals, classified as docs/apns.md's table says")
struct APNsFailureTests {
    @Test(
        "each documented status and reason maps to what the gateway does",
        arguments: [
            (410, "Unregistered", APNsFailure.invalidateToken), (410, "ExpiredToken", .invalidateToken),
            (400, "BadDeviceToken", .invalidateToken), (400, "DeviceTokenNotForTopic", .invalidateToken),
            (400, "BadCollapseId", .permanent), (400, "BadTopic", .permanent), (400, "PayloadEmpty", .permanent),
            (400, "TopicDisallowed", .permanent), (400, "IdleTimeout", .retry),
            (403, "ExpiredProviderToken", .retry), (403, "InvalidProviderToken", .configuration), (403, "BadCertificate", .configuration),
            (403, "BadCertificateEnvironment", .configuration), (403, "MissingProviderToken", .configuration),
            (403, "UnrelatedKeyIdInToken", .configuration), (404, "BadPath", .permanent), (405, "MethodNotAllowed", .permanent),
            (413, "PayloadTooLarge", .permanent), (429, "TooManyRequests", .retry), (429, "TooManyProviderTokenUpdates", .retry),
            (500, "InternalServerError", .retry), (503, "ServiceUnavailable", .retry), (503, "Shutdown", .retry),
        ])
    func classify(status: Int, reason: String, expected: APNsFailure) {
        #expect(APNsFailure.classify(status: status, reason: reason) == expected)
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
