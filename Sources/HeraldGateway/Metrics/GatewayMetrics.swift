import Foundation

/// The gateway's counters and latency histograms, rendered in Prometheus' text format
/// at `GET /metrics`. Thread-safe: the HTTP threads and the workers record into it.
public final class GatewayMetrics: @unchecked Sendable {
    private let lock = NSLock()
    private var counters: [String: [Labels: Double]] = [:]
    private var histograms: [String: [Labels: Histogram]] = [:]
    private var gauges: [String: Double] = [:]
    /// Gauges by labels, each name's series replaced whole (`setSeries`); per app, so
    /// rendered only with the metrics token.
    private var series: [String: [Labels: Double]] = [:]

    /// Label values in a fixed order. Rendered (`text`, e.g. `app="app_1",status="201"`)
    /// only when scraped: every request records a few samples, and rendering them each time
    /// cost more than the counting.
    struct Labels: Hashable {
        let names: [String]
        let values: [String]

        init(pairs: [(String, String)]) {
            names = pairs.map(\.0)
            values = pairs.map(\.1)
        }

        var text: String {
            zip(names, values).map { name, value in
                let escaped =
                    value.contains(where: { $0 == "\\" || $0 == "\"" || $0 == "\n" })
                    ? value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                        .replacingOccurrences(of: "\n", with: "\\n") : value
                return "\(name)=\"\(escaped)\""
            }.joined(separator: ",")
        }

        /// The same labels without `name`.
        func dropping(_ name: String) -> Labels {
            Labels(pairs: zip(names, values).filter { $0.0 != name })
        }
    }

    struct Histogram {
        static let bounds: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60]
        var buckets = [Int](repeating: 0, count: bounds.count)
        var count = 0
        var sum = 0.0

        mutating func observe(_ value: Double) {
            for (index, bound) in Self.bounds.enumerated() where value <= bound { buckets[index] += 1 }
            count += 1
            sum += value
        }

        mutating func add(_ other: Histogram) {
            for index in buckets.indices { buckets[index] += other.buckets[index] }
            count += other.count
            sum += other.sum
        }
    }

    static let help: [String: (type: String, text: String)] = [
        "herald_http_requests_total": ("counter", "API requests by route, app and status."),
        "herald_http_request_duration_seconds": ("histogram", "Time to answer an API request, by route."),
        "herald_devices_registered_total": ("counter", "Device registrations (new and updated) by app."),
        "herald_publishes_total": ("counter", "Publishes committed by app."),
        "herald_events_total": ("counter", "Device events received (duplicates included) by app and kind."),
        "herald_deliveries_total": (
            "counter", "Delivery outcomes by app and platform (apns, fcm): sent, failed, invalidated, retried, capped (a frequency cap)."
        ),
        "herald_deliveries_in_doubt_total": ("counter", "Deliveries sent again after a restart or a takeover (they may have reached APNs)."),
        "herald_deliveries_taken_over_total": ("counter", "Deliveries taken over from gateways not seen for a lease."),
        "herald_gateway_instances": ("gauge", "Gateway processes seen within the lease on this store, this one included."),
        "herald_delivery_batch_duration_seconds": ("histogram", "Time the deliverer took for one batch, by app."),
        "herald_delivery_latency_seconds": ("histogram", "From a publish being due to APNs accepting a notification, by app."),
        "herald_channel_operations_total": ("counter", "Channel creations and deletions at APNs by app and outcome."),
        "herald_fanout_deliveries_total": ("counter", "Deliveries created by fan-out, by app."),
        "herald_deliveries_in_flight": ("gauge", "Deliveries handed to the deliverer and not yet answered."),
        "herald_http_refused_total": ("counter", "Connections refused at accept: server full, address full, no descriptors."),
        "herald_http_evicted_total": ("counter", "Connections waiting for a request, closed to make room for a new one."),
        "herald_http_timeouts_total": ("counter", "Requests whose head or body missed its deadline; clients that stopped reading."),
        "herald_http_protocol_errors_total": ("counter", "Requests the HTTP layer refused: malformed, too long, too large."),
        "herald_http_busy_total": ("counter", "Requests refused because the bodies held at once were at their memory limit."),
        "herald_http_handler_timeouts_total": (
            "counter", "Requests answered 503 because their key check or handler did not finish within the handler timeout."
        ),
        "herald_http_overloaded_total": ("counter", "Requests refused because the handler threads' queue was full."),
        "herald_events_written_total": ("counter", "Events this process committed to the event log (the feed, webhooks), by app."),
        "herald_webhook_requests_total": (
            "counter", "Webhook requests by app and outcome: ok (2xx), failed (another status or no answer), gone (410), refused (address)."
        ),
        "herald_webhook_events_total": ("counter", "Events acknowledged by webhook endpoints, by app."),
        "herald_webhook_disabled_total": ("counter", "Webhook endpoints disabled, by app and reason."),
        "herald_webhook_backlog_events": ("gauge", "Events waiting for each enabled webhook endpoint (counted up to the backlog bound)."),
        "herald_webhook_backlog_age_seconds": ("gauge", "Age of the oldest event waiting for each enabled webhook endpoint."),
        "herald_route_paused": (
            "gauge", "1 while this process holds an app's route (apns-sandbox, apns-production, fcm) paused: credentials missing or refused, or Retry-After."
        ),
        "herald_route_pauses_total": ("counter", "Pauses of an app's route, by app, route and kind (credentials, retry_after)."),
    ]

    /// Labels on every series: `instance_id` names the process, so series scraped through
    /// a load balancer from several gateways stay apart (Prometheus' own `instance` label
    /// is the address it scraped, which is the balancer's).
    let constant: [(String, String)]

    public init(instance: String? = nil) {
        constant = instance.map { [("instance_id", $0)] } ?? []
    }

    public func increment(_ name: String, _ labels: [(String, String)], by amount: Double = 1) {
        lock.withLock { counters[name, default: [:]][Labels(pairs: constant + labels), default: 0] += amount }
    }

    public func observe(_ name: String, _ labels: [(String, String)], _ value: Double) {
        observe(name, labels, values: [value])
    }

    /// Many observations of one histogram under one lock (a batch's latencies).
    public func observe(_ name: String, _ labels: [(String, String)], values: [Double]) {
        guard !values.isEmpty else { return }
        let key = Labels(pairs: constant + labels)
        lock.withLock {
            var histogram = histograms[name]?[key] ?? Histogram()
            for value in values { histogram.observe(value) }
            histograms[name, default: [:]][key] = histogram
        }
    }

    public func set(_ name: String, _ value: Double) {
        lock.withLock { gauges[name] = value }
    }

    /// Sets the series of gauge `name` with `labels` (with an app's label, rendered only
    /// with the metrics token).
    public func set(_ name: String, _ labels: [(String, String)], _ value: Double) {
        lock.withLock { series[name, default: [:]][Labels(pairs: constant + labels)] = value }
    }

    /// Replaces every series of gauge `name` with `values`.
    public func setSeries(_ name: String, _ values: [([(String, String)], Double)]) {
        lock.withLock { series[name] = Dictionary(values.map { (Labels(pairs: constant + $0.0), $0.1) }, uniquingKeysWith: { _, last in last }) }
    }

    func observeRequest(route: String, app: String?, status: Int, seconds: Double) {
        increment("herald_http_requests_total", [("route", route), ("app", app ?? ""), ("status", String(status))])
        observe("herald_http_request_duration_seconds", [("route", route)], seconds)
    }

    /// A counter's value (tests).
    public func value(_ name: String, _ labels: [(String, String)]) -> Double {
        lock.withLock { counters[name]?[Labels(pairs: constant + labels)] ?? 0 }
    }

    /// Everything in Prometheus' text exposition format 0.0.4. Without `perApp`, the `app`
    /// label is left out and each series is the sum over the apps: app ids and each app's
    /// traffic are for a scraper holding the metrics token only.
    public func render(perApp: Bool = true) -> String {
        lock.withLock {
            var out = perApp ? "" : "# Per-app series are left out: scrape with the metrics token (herald serve --metrics-token).\n"
            let counters = perApp ? self.counters : self.counters.mapValues { Self.summedOverApps($0) { $0 += $1 } }
            let histograms = perApp ? self.histograms : self.histograms.mapValues { Self.summedOverApps($0) { $0.add($1) } }
            let series = perApp ? self.series : [:]
            let names = Set(counters.keys).union(histograms.keys).union(gauges.keys).union(series.keys).sorted()
            for name in names {
                if let help = Self.help[name] { out += "# HELP \(name) \(help.text)\n# TYPE \(name) \(help.type)\n" }
                for (labels, value) in Self.rendered(counters[name] ?? [:]) {
                    out += "\(name)\(Self.braces(labels)) \(Self.number(value))\n"
                }
                for (labels, value) in Self.rendered(series[name] ?? [:]) {
                    out += "\(name)\(Self.braces(labels)) \(Self.number(value))\n"
                }
                if let value = gauges[name] { out += "\(name)\(Self.braces(Labels(pairs: constant).text)) \(Self.number(value))\n" }
                for (labels, histogram) in Self.rendered(histograms[name] ?? [:]) {
                    let prefix = labels.isEmpty ? "" : labels + ","
                    for (index, bound) in Histogram.bounds.enumerated() {
                        out += "\(name)_bucket{\(prefix)le=\"\(Self.number(bound))\"} \(histogram.buckets[index])\n"
                    }
                    out += "\(name)_bucket{\(prefix)le=\"+Inf\"} \(histogram.count)\n"
                    out += "\(name)_sum\(Self.braces(labels)) \(Self.number(histogram.sum))\n"
                    out += "\(name)_count\(Self.braces(labels)) \(histogram.count)\n"
                }
            }
            return out
        }
    }

    /// A metric's series with their labels rendered, each once, in the order of the labels' text.
    private static func rendered<Value>(_ series: [Labels: Value]) -> [(String, Value)] {
        series.map { ($0.key.text, $0.value) }.sorted { $0.0 < $1.0 }
    }

    /// One series per set of labels other than `app`, adding up the apps' values.
    private static func summedOverApps<Value>(_ series: [Labels: Value], _ add: (inout Value, Value) -> Void) -> [Labels: Value] {
        var merged: [Labels: Value] = [:]
        for (labels, value) in series {
            let key = labels.dropping("app")
            if var sum = merged[key] {
                add(&sum, value)
                merged[key] = sum
            } else {
                merged[key] = value
            }
        }
        return merged
    }

    private static func braces(_ text: String) -> String { text.isEmpty ? "" : "{\(text)}" }

    private static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
