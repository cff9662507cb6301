import Foundation
import HeraldGateway
import HeraldHTTP
import HeraldStore

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
    /// Events out: the log's retention and the webhooks (`ServeCommand+Webhooks`).
    var webhooks = WebhookPolicy()

    enum DelivererChoice {
        case apns
        case record(String)
        case discard
    }

    var delivererDescription: String {
        switch deliverer {
        case .apns: "apns (and fcm)"
        case .record(let file): "record:\(file) (test mode: nothing is sent)"
        case .discard: "discard (test mode: nothing is sent)"
        }
    }

    init(_ arguments: Arguments, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        store = try StoreOptions.location(arguments, environment: environment, creating: true)
        typealias Serve = ServeCommand
        if let listen = arguments[Serve.listen] { self.listen = try ListenAddress(parsing: listen) }
        http.threads = arguments[Serve.threads] ?? http.threads
        http.connectionLimit = arguments[Serve.maxConnections] ?? http.connectionLimit
        http.connectionsPerAddress = arguments[Serve.maxConnectionsPerIP] ?? http.connectionsPerAddress
        http.timeoutSeconds = arguments[Serve.timeout].map(Double.init) ?? http.timeoutSeconds
        http.headTimeoutSeconds = arguments[Serve.headerTimeout].map(Double.init) ?? http.headTimeoutSeconds
        http.bodyTimeoutSeconds = arguments[Serve.bodyTimeout].map(Double.init) ?? http.bodyTimeoutSeconds
        http.handlerThreads = arguments[Serve.handlerThreads] ?? http.handlerThreads
        http.handlerTimeoutSeconds = arguments[Serve.handlerTimeout].map(Double.init) ?? http.handlerTimeoutSeconds
        http.maxBodyBytes = arguments[Serve.maxBody] ?? http.maxBodyBytes
        http.bodyMemoryBytes = arguments[Serve.maxBodyMemory].map { $0 << 20 } ?? http.bodyMemoryBytes
        http.responseMemoryBytes = arguments[Serve.maxAnswerMemory].map { $0 << 20 } ?? http.responseMemoryBytes
        guard http.bodyMemoryBytes >= http.maxBodyBytes else {
            throw UsageError(
                "--max-body-memory: \(http.bodyMemoryBytes >> 20) MiB cannot hold one body of --max-body \(http.maxBodyBytes) bytes; raise it"
            )
        }
        batchSize = arguments[Serve.batchSize] ?? batchSize
        fanOutBatch = arguments[Serve.fanOutBatch] ?? fanOutBatch
        delivererLatency = Double(arguments[Serve.delivererLatency] ?? 0) / 1000
        if let rate = arguments[Serve.apiRateLimit] { rateLimits.client = rate > 0 ? Double(rate) : nil }
        if let burst = arguments[Serve.apiBurst] { rateLimits.clientBurst = Double(burst) }
        if let rate = arguments[Serve.deviceRateLimit] { rateLimits.device = rate > 0 ? Double(rate) : nil }
        if let burst = arguments[Serve.deviceBurst] { rateLimits.deviceBurst = Double(burst) }
        if let rate = arguments[Serve.serverRateLimit] { rateLimits.server = rate > 0 ? Double(rate) : nil }
        if let days = arguments[Serve.retention] { retentionDays = days > 0 ? days : nil }
        for (limit, option) in Serve.quotas {
            if let value = arguments[option] { quota[limit] = value > 0 ? value : .max }
        }
        console.secureCookies = arguments[Serve.consoleSecureCookie]
        console.accountsOnly = arguments[Serve.consoleAccountsOnly]
        console.publicURL = arguments[Serve.consoleURL]
        for text in arguments[Serve.trustedProxy].flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
            guard let range = IPRange(String(text)) else {
                throw UsageError("--trusted-proxy: \"\(text)\" is not an IP address or a CIDR block (such as 127.0.0.1, 10.0.0.0/8 or fd00::/8)")
            }
            console.trustedProxies.append(range)
        }
        if let token = arguments[Serve.metricsToken] {
            metricsToken = try Self.metricsToken(token, from: "--metrics-token")
        } else if let token = environment["HERALD_METRICS_TOKEN"], !token.isEmpty {
            metricsToken = try Self.metricsToken(token, from: "HERALD_METRICS_TOKEN")
        }
        webhooks = try Self.webhooks(arguments)
        if let seconds = arguments[Serve.lease] { lease = Double(seconds) }
        if let seconds = arguments[Serve.storeTimeout] { storeTimeout = Double(seconds) }
        if let id = arguments[Serve.instanceID] ?? environment["HERALD_INSTANCE_ID"].flatMap({ $0.isEmpty ? nil : $0 }) {
            guard GatewayInstance.isValidID(id) else { throw Serve.instanceID.invalid(id) }
            instanceID = id
        }
        if let mode = arguments[Serve.durability] {
            guard let value = SQLiteStore.Durability(rawValue: mode) else { throw Serve.durability.invalid(mode) }
            if case .database = store, value == .normal {
                throw UsageError(
                    "--durability normal is SQLite's only: on PostgreSQL publishes, deliveries and receipts always wait for the disk; give publishes (the default) or full"
                )
            }
            durability = value
        }
        if let choice = arguments[Serve.deliverer] {
            if choice == "apns" {
                deliverer = .apns
            } else if choice == "discard" {
                deliverer = .discard
            } else if choice.hasPrefix("record:"), choice.count > 7 {
                deliverer = .record(String(choice.dropFirst(7)))
            } else {
                throw Serve.deliverer.invalid(choice)
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
}
