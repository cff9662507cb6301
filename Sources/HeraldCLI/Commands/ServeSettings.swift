import Foundation
import HeraldGateway
import HeraldHTTP

/// `herald serve`'s options, checked.
struct ServeSettings {
    /// The SQLite folder or the PostgreSQL database (`--data`, `--database`, HERALD_DATABASE_URL).
    var store = StoreLocation.defaultFolder
    var listen = ListenAddress(host: "127.0.0.1", port: 8080)
    var http = HTTPServer.Configuration()
    var durability = SQLiteStore.Durability.publishes
    var deliverer = DelivererChoice.apns
    var delivererLatency = 0.0
    var batchSize = 500
    var fanOutBatch = 2000
    /// API requests per second per app: the client side limited, the server key not, by default.
    var rateLimits = APIRateLimits()
    /// Days a finished publish keeps its deliveries and receipts; `nil`: forever.
    var retentionDays: Int? = 7
    /// What one app's devices may store (`--max-…`; 0 on the command line: no limit).
    var quota = DeviceQuota()
    /// The token `/metrics` requires (`--metrics-token`, else HERALD_METRICS_TOKEN); `nil`:
    /// `/metrics` is open and leaves the per-app series out.
    var metricsToken: String?
    /// The console's cookie and the proxies believed (`--console-secure-cookie`, `--trusted-proxy`).
    var console = ConsoleSettings()
    /// The shortest metrics token taken: shorter ones can be guessed.
    static let minimumMetricsToken = 16
    /// This process's name on the store (`--instance-id`, else HERALD_INSTANCE_ID; `nil`:
    /// made from the host, the pid and a random suffix).
    var instanceID: String?
    /// Seconds a process may go unseen before the others take over its deliveries.
    var lease = DeliveryPolicy().lease
    /// Seconds each store call may take before it gives up with `.unavailable` (503).
    var storeTimeout = StoreDeadline.defaultTimeout

    enum DelivererChoice {
        case apns
        case record(String)
        case discard
    }

    var delivererDescription: String {
        switch deliverer {
        case .apns: "apns"
        case .record(let file): "record:\(file) (test mode: nothing is sent)"
        case .discard: "discard (test mode: nothing is sent)"
        }
    }

    init(_ arguments: Arguments, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        store = try StoreOptions.location(arguments, environment: environment)
        if let listen = arguments.value("listen") { self.listen = try ListenAddress(parsing: listen) }
        http.threads = try Self.number(arguments, "threads", 1...256) ?? http.threads
        http.connectionLimit = try Self.number(arguments, "max-connections", 1...100_000) ?? http.connectionLimit
        http.connectionsPerAddress = try Self.number(arguments, "max-connections-per-ip", 0...100_000) ?? http.connectionsPerAddress
        http.timeoutSeconds = try Self.number(arguments, "timeout", 1...3600).map(Double.init) ?? http.timeoutSeconds
        http.headTimeoutSeconds = try Self.number(arguments, "header-timeout", 1...3600).map(Double.init) ?? http.headTimeoutSeconds
        http.bodyTimeoutSeconds = try Self.number(arguments, "body-timeout", 1...3600).map(Double.init) ?? http.bodyTimeoutSeconds
        http.handlerThreads = try Self.number(arguments, "handler-threads", 1...1024) ?? http.handlerThreads
        http.handlerTimeoutSeconds =
            try Self.number(arguments, "handler-timeout", 1...3600).map(Double.init) ?? http.handlerTimeoutSeconds
        http.maxBodyBytes = try Self.number(arguments, "max-body", 1024...(64 << 20)) ?? http.maxBodyBytes
        http.bodyMemoryBytes = try Self.number(arguments, "max-body-memory", 1...65536).map { $0 << 20 } ?? http.bodyMemoryBytes
        guard http.bodyMemoryBytes >= http.maxBodyBytes else {
            throw UsageError(
                "--max-body-memory: \(http.bodyMemoryBytes >> 20) MiB cannot hold one body of --max-body \(http.maxBodyBytes) bytes; raise it"
            )
        }
        batchSize = try Self.number(arguments, "batch-size", 1...10_000) ?? batchSize
        fanOutBatch = try Self.number(arguments, "fanout-batch", 1...100_000) ?? fanOutBatch
        delivererLatency = Double(try Self.number(arguments, "deliverer-latency", 0...60_000) ?? 0) / 1000
        if let rate = try Self.number(arguments, "api-rate-limit", 0...1_000_000) { rateLimits.client = rate > 0 ? Double(rate) : nil }
        if let burst = try Self.number(arguments, "api-burst", 1...1_000_000) { rateLimits.clientBurst = Double(burst) }
        if let rate = try Self.number(arguments, "device-rate-limit", 0...1_000_000) { rateLimits.device = rate > 0 ? Double(rate) : nil }
        if let burst = try Self.number(arguments, "device-burst", 1...1_000_000) { rateLimits.deviceBurst = Double(burst) }
        if let rate = try Self.number(arguments, "server-rate-limit", 0...1_000_000) { rateLimits.server = rate > 0 ? Double(rate) : nil }
        if let days = try Self.number(arguments, "retention", 0...3650) { retentionDays = days > 0 ? days : nil }
        for limit in DeviceQuota.Limit.allCases {
            if let value = try Self.number(arguments, limit.rawValue, 0...10_000_000_000) { quota[limit] = value > 0 ? value : .max }
        }
        console.secureCookies = arguments.flags.contains("console-secure-cookie")
        for text in arguments.values("trusted-proxy").flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
            guard let range = IPRange(String(text)) else {
                throw UsageError(
                    "--trusted-proxy: \"\(text)\" is not an IP address or a CIDR block (such as 127.0.0.1, 10.0.0.0/8 or fd00::/8)")
            }
            console.trustedProxies.append(range)
        }
        if let token = arguments.value("metrics-token") {
            metricsToken = try Self.metricsToken(token, from: "--metrics-token")
        } else if let token = environment["HERALD_METRICS_TOKEN"], !token.isEmpty {
            metricsToken = try Self.metricsToken(token, from: "HERALD_METRICS_TOKEN")
        }
        if let seconds = try Self.number(arguments, "lease", 3...3600) { lease = Double(seconds) }
        if let seconds = try Self.number(arguments, "store-timeout", 1...600) { storeTimeout = Double(seconds) }
        if let id = arguments.value("instance-id") ?? environment["HERALD_INSTANCE_ID"].flatMap({ $0.isEmpty ? nil : $0 }) {
            guard GatewayInstance.isValidID(id) else {
                throw UsageError(
                    "--instance-id: \"\(id)\" is not 1 to 100 letters, digits, '.', '_', ':' or '-' (such as the host or pod name)")
            }
            instanceID = id
        }
        if let mode = arguments.value("durability") {
            guard let value = SQLiteStore.Durability(rawValue: mode) else {
                throw UsageError("--durability: \"\(mode)\" is not full, publishes or normal")
            }
            if case .database = store, value == .normal {
                throw UsageError(
                    "--durability normal is SQLite's only: on PostgreSQL publishes, deliveries and receipts always wait for the disk; give publishes (the default) or full"
                )
            }
            durability = value
        }
        if let choice = arguments.value("deliverer") {
            if choice == "apns" {
                deliverer = .apns
            } else if choice == "discard" {
                deliverer = .discard
            } else if choice.hasPrefix("record:"), choice.count > 7 {
                deliverer = .record(String(choice.dropFirst(7)))
            } else {
                throw UsageError("--deliverer: \"\(choice)\" is not apns, record:FILE or discard")
            }
        }
    }

    private static func metricsToken(_ token: String, from source: String) throws -> String {
        guard token.unicodeScalars.count >= minimumMetricsToken, token.unicodeScalars.allSatisfy({ (33...126).contains($0.value) }) else {
            throw UsageError(
                "\(source): give at least \(minimumMetricsToken) printable characters without spaces (such as the output of 'openssl rand -hex 32'); a short token can be guessed"
            )
        }
        return token
    }

    private static func number(_ arguments: Arguments, _ option: String, _ range: ClosedRange<Int>) throws -> Int? {
        guard let text = arguments.value(option) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("--\(option): \"\(text)\" is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }
}
