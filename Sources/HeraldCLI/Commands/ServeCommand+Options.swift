import HeraldGateway
import HeraldStore

/// `herald serve`'s options: what each takes, its limits and its help line.
extension ServeCommand {
    static let data = Option.text(
        "data", "DIR", kind: .path, "SQLite data folder (default ./herald-data; created with mode 0700)")
    static let database = Option.text(
        "database", "URL",
        "a PostgreSQL database instead: postgres://USER:PASSWORD@HOST:PORT/DB (?sslmode=require for TLS, ?host=/run/postgresql for a socket); its tables are made or migrated at start. HERALD_DATABASE_URL does the same and keeps the password out of ps; --data wins over it. The password is never printed"
    )
    static let listen = Option.text(
        "listen", "HOST:PORT",
        "address to listen on: a name (localhost) or a numeric address, and a port (default 127.0.0.1:8080; port 0 picks one)")
    static let threads = Option.integer(
        "threads", "N", in: 1...256,
        "HTTP event-loop threads: sockets and deadlines, never the database (default: the number of cores, at least 2)")
    static let maxConnections = Option.integer(
        "max-connections", "N", in: 1...100_000,
        "connections open at once (default 1024); past it a connection that has waited over 1 s for its request makes room, or 503")
    static let maxConnectionsPerIP = Option.integer(
        "max-connections-per-ip", "N", in: 0...100_000,
        "connections open at once from one client address (default 256; 0: no cap; behind a proxy every client has the proxy's address)")
    static let timeout = Option.integer(
        "timeout", "SECONDS", in: 1...3600,
        "a connection waiting for a request, or not reading its answer, is closed after this (default 30)")
    static let headerTimeout = Option.integer(
        "header-timeout", "SECONDS", in: 1...3600, "a request's head must arrive within this from its first byte, else 408 (default 10)")
    static let bodyTimeout = Option.integer(
        "body-timeout", "SECONDS", in: 1...3600, "a request's body must arrive within this after its head, else 408 (default 30)")
    static let handlerThreads = Option.integer(
        "handler-threads", "N", in: 1...1024,
        "threads that check keys and run handlers, off the event loops; each may hold a database connection (default 16)")
    static let handlerTimeout = Option.integer(
        "handler-timeout", "SECONDS", in: 1...3600,
        "a request's key check and handler (queued and running) must answer within this, else 503 with Retry-After (default 10)")
    static let maxBody = Option.integer(
        "max-body", "BYTES", in: 1024...(64 << 20),
        "largest request body; a larger declared length is answered 413 before it is read (default 1048576)")
    static let maxBodyMemory = Option.integer(
        "max-body-memory", "MIB", in: 1...65536,
        "request bodies held at once, all connections together, reserved as they arrive: a quarter kept for server keys, an eighth per client address, half per app for other keys; past it 503 (default 64)")
    static let maxAnswerMemory = Option.integer(
        "max-answer-memory", "MIB", in: 1...65536,
        "answers held at once for clients that have not read them yet; past it a new answer over 16 KiB is 503 busy (default 64)")
    static let apiRateLimit = Option.integer(
        "api-rate-limit", "N", in: 0...1_000_000,
        "API requests per second with an app's client key from one client address, before 429 with Retry-After (default 50; 0: none)")
    static let apiBurst = Option.integer(
        "api-burst", "N", in: 1...1_000_000, "client-key requests one address may make at once (default 500)")
    static let deviceRateLimit = Option.integer(
        "device-rate-limit", "N", in: 0...1_000_000, "API requests per second with one device's key (default 10; 0: none)")
    static let deviceBurst = Option.integer(
        "device-burst", "N", in: 1...1_000_000, "requests one device key may make at once (default 100)")
    static let serverRateLimit = Option.integer(
        "server-rate-limit", "N", in: 0...1_000_000, "API requests per second per app with its server key (default 0: no limit)")
    static let quotas: [(limit: DeviceQuota.Limit, option: Option<Int?>)] = DeviceQuota.Limit.allCases.map { limit in
        let help: String
        switch limit {
        case .interestsPerDevice: help = "distinct interests one device may have (default 100)"
        case .devicesPerApp: help = "devices one app may have (default 1000000)"
        case .subscriptionsPerApp: help = "interest subscriptions (each device's interests, summed) one app may have (default 10000000)"
        case .eventsPerApp:
            help =
                "receipts (POST /events) one app may store until retention prunes them (default 100000000)"
        case .inboxMessagesPerUser:
            help =
                "messages one inbox (a user's, or a device's without a user) may hold (default 1000); a publish skips full inboxes, its pushes still go. Past a quota: 409 quota_exceeded, nothing stored. 0: no limit"
        }
        return (limit, Option.integer(limit.rawValue, "N", in: 0...10_000_000_000, help))
    }
    static let metricsToken = Option.text(
        "metrics-token", "TOKEN",
        "GET /metrics then needs 'Authorization: Bearer TOKEN' and shows every series per app; without a token (or HERALD_METRICS_TOKEN, which keeps it out of ps) /metrics is open and leaves app ids out"
    )
    static let consoleSecureCookie = Option.flag(
        "console-secure-cookie",
        "the console's session cookie is always marked Secure (behind a TLS proxy; it is anyway when the proxy sends X-Forwarded-Proto: https). The console is at /console: sign in with an app id and its server key"
    )
    static let trustedProxy = Option.repeatable(
        "trusted-proxy", "ADDRESS",
        "the proxy in front of the gateway (an address or CIDR block; repeat or separate by commas): its X-Forwarded-For then names the client whose wrong console sign-ins are counted (10, then one every 6 s, per app and client address)"
    )
    static let retention = Option.integer(
        "retention", "DAYS", in: 0...3650,
        "how long a finished publish keeps its per-device deliveries and receipts; its statistics stay (default 7; 0: forever)")
    static let instanceID = Option.text(
        "instance-id", "NAME",
        expected: "1 to 100 letters, digits, '.', '_', ':' or '-' (such as the host or pod name)",
        "this process's name on the database and the instance_id label of /metrics (or HERALD_INSTANCE_ID; default HOST-PID-RANDOM). Two live processes may not share one"
    )
    static let lease = Option.integer(
        "lease", "SECONDS", in: 3...3600,
        "PostgreSQL: a gateway not seen for this long (killed, frozen, cut off) has the deliveries it held in flight taken over by the others, which send them again (default 30; it beats every third)"
    )
    static let storeTimeout = Option.integer(
        "store-timeout", "SECONDS", in: 1...600,
        "each call to the database ends within this: past it (the PostgreSQL server frozen or cut off, the SQLite file locked by another process) the request is answered 503 with Retry-After and the workers try again later (default 5)"
    )
    static let durability = Option.choice(
        "durability", "MODE", ["full", "publishes", "normal"],
        "publishes (default): a publish is fsync'd before its 202, other writes survive kill -9 at once and power loss at the next flush; full: fsync every commit; normal (SQLite only): fsync at checkpoints only. On PostgreSQL, publishes lets device writes commit without waiting for their WAL flush; full waits for all"
    )
    static let deliverer = Option.text(
        "deliverer", "KIND", expected: "apns, record:FILE or discard",
        "apns (default): iOS devices through APNs and Android devices through FCM, with each app's credentials; record:FILE, TEST MODE: append each notification (APNs' and FCM's) to FILE as a JSON line (fsync per batch) and answer 200, sending nothing; discard, TEST MODE: answer 200 to everything, sending nothing"
    )
    static let delivererLatency = Option.integer(
        "deliverer-latency", "MS", in: 0...60_000, "TEST MODE: the record/discard deliverer waits this long per batch")
    static let batchSize = Option.integer("batch-size", "N", in: 1...10_000, "notifications per deliverer batch (default 500)")
    static let fanOutBatch = Option.integer("fanout-batch", "N", in: 1...100_000, "deliveries created per fan-out step (default 2000)")

    static let spec = Arguments.Spec(
        [data, database, listen].map(\.descriptor)
            + [threads, maxConnections, maxConnectionsPerIP, timeout, headerTimeout, bodyTimeout, handlerThreads, handlerTimeout].map(
                \.descriptor)
            + [maxBody, maxBodyMemory, maxAnswerMemory, apiRateLimit, apiBurst, deviceRateLimit, deviceBurst, serverRateLimit].map(\.descriptor)
            + quotas.map(\.option.descriptor)
            + [metricsToken.descriptor, consoleSecureCookie.descriptor, trustedProxy.descriptor, retention.descriptor]
            + [instanceID.descriptor, lease.descriptor, storeTimeout.descriptor]
            + [durability.descriptor, deliverer.descriptor, delivererLatency.descriptor, batchSize.descriptor, fanOutBatch.descriptor]
            + webhookOptions)
}
