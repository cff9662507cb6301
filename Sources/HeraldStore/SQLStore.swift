import HeraldShared

/// What `SQLiteStore` and `PostgresStore` share: the store methods whose bodies are the
/// same on both, written once in extensions of this protocol (`SQLStore+FanOut`, …) over
/// the store's `Database`, with their statements from one catalog (`FanOutStatements`, …)
/// rendered through the database's `SQLDialect`. Each store's public method picks its
/// transaction (which differs: one lock and `BEGIN IMMEDIATE`, or a pooled connection
/// and READ COMMITTED) and calls the shared body inside it. What a store does its own way
/// is a requirement here, implemented beside that store's SQL.
protocol SQLStore: AnyObject {
    associatedtype Database: StoreDatabase

    /// Runs `body` outside a transaction (SQLite: under the store's lock; PostgreSQL: on a
    /// pooled connection), within the call's deadline; the driver's errors become `StoreError`s.
    func read<T>(_ body: (Database) throws -> T) throws -> T
    /// Runs `body`, which only reads, on a connection that sees the last commit (SQLite:
    /// one of the readers beside the writer, in one read transaction, which neither waits
    /// for the writer nor holds it up; PostgreSQL: a pooled connection, as `read`).
    func snapshot<T>(_ body: (Database) throws -> T) throws -> T
    /// Runs `body`, which reads what authorizing a request needs (an app's keys, a device's
    /// key) or what the health probe asks, on connections of its own that no other read
    /// takes (SQLite: two readers beside the others; PostgreSQL: a pool of two), so that a
    /// costly read of one app (an audience count, a console page) never makes another
    /// app's key check or `/healthz` wait for a connection.
    func keyRead<T>(_ body: (Database) throws -> T) throws -> T
    /// The app whose row a key check of an unknown app reads (`appKeys`), once found.
    var decoyAppID: Locked<String?> { get }
    /// Runs `body` in one write transaction (SQLite: `BEGIN IMMEDIATE` under the lock;
    /// PostgreSQL: READ COMMITTED on a pooled connection).
    func write<T>(_ body: (Database) throws -> T) throws -> T
    /// A `write` of device data (registrations, interests, users, attributes, Live Activity
    /// tokens), shared with the device writes of other threads at the same moment
    /// (`GroupCommit`): one transaction and one commit for them all, each body in its own
    /// savepoint, each caller with its own result or error. PostgreSQL's does not wait for
    /// its WAL flush unless told to (SQLite's `publishes` durability, where every write is
    /// alike). A body must not call back into the store.
    func deviceWrite<T>(_ body: (Database) throws -> T) throws -> T

    /// The process this store claims deliveries for.
    var instance: GatewayInstance { get }
    /// Renews this process's lease inside a transaction that claimed deliveries, as a
    /// claim does (PostgreSQL: its row comes back if another process, finding it silent,
    /// took it away; SQLite: one process, nothing to renew).
    func renewLease(_ db: Database, now: Double) throws

    /// Inserts one page of an interest's or a user's devices as deliveries (and its inbox
    /// entries): how many devices the page had, the last one's seq (the cursor), how
    /// many deliveries were new, and those when the page is claimed.
    static func insertPage(_ db: Database, _ page: FanOutPageRequest) throws -> FanOutCursor.Page
    /// Whether other gateways than `owner` share the database (PostgreSQL: another has a
    /// row, until it stops or another takes its deliveries over; SQLite: one process serves
    /// a data folder, never).
    static func othersShare(_ db: Database, besides owner: String) throws -> Bool
    /// The jobs of deliveries just claimed, in the order given: each of their publishes
    /// read once (and the variants they got), then `SQLStore.jobs`.
    static func claimedJobs(_ db: Database, _ claimed: [ClaimedDelivery], appID: String, now: Double) throws -> [DeliveryJob]
    /// Adds the deliveries `seqs` that have just become final to their publishes' split
    /// counters (`SplitStatements`); those still waiting add nothing. Called after the
    /// publishes' own counters are written: on PostgreSQL every transaction locks a
    /// publish's row before its split rows, so two never wait on each other in turn.
    static func addFinalSplits(_ db: Database, seqs: [Int]) throws
    /// The deliveries of `seqs` that are final, with their devices, in seq order
    /// (`SQLStore.logFinalDeliveries` tells them).
    static func finalDeliveries(_ db: Database, seqs: [Int]) throws -> [FinalDelivery]
    /// Inserts a device that registered its token for the first time (`DeviceStatements.insert`);
    /// its seq.
    static func insertDevice(
        _ db: Database, id: String, appID: String, _ registration: DeviceRegistration, metadata: String?, now: Double
    ) throws -> Int
    /// Makes the device's interests `interests`, writing only the difference (a device
    /// registering at every launch with the same interests writes none).
    static func replaceInterests(_ db: Database, appID: String, seq: Int, _ interests: Set<String>, new: Bool) throws
}

/// One page of fan-out asked of `SQLStore.insertPage`: up to `limit` devices after seq
/// `afterSeq` that interest or user `key` of the app names, made deliveries of the publish.
/// A push-to-start publish (`activityType`) goes to the page's devices that have a
/// push-to-start token for its activity type.
struct FanOutPageRequest {
    var publishID: String
    var appID: String
    var kind: String
    var activityType: String?
    var key: String
    var afterSeq: Int
    var limit: Int
    var now: Double
    /// Narrows the page to the devices it matches.
    var filter: AudienceFilter?
    /// Whether the publish has texts by language: each delivery gets its device's variant.
    var localized = false
    /// The publish keeps an inbox message: its entries for the page's owners go in with the
    /// page, skipping inboxes that hold this many (`InboxStatements.insertPage`).
    var inboxLimit: Int?
    /// A local-time publish's instants: each delivery waits until its device's.
    var due: LocalDueTimes?
    /// The process the page's deliveries are claimed for (`FanOutClaim`): inserted in
    /// flight under its lease (attempt 1) and read back; nil: inserted waiting.
    var claimedBy: String?

    /// The SQL of the in-flight columns' values for an inserted delivery: state, attempts
    /// and lease holder, claimed (`claimedBy`) or waiting.
    func flight(_ b: inout SQLBindings) -> String {
        guard let owner = claimedBy else { return "\(DeliveryState.pending.rawValue), 0, CAST(NULL AS TEXT)" }
        return "\(DeliveryState.inFlight.rawValue), 1, \(b.bind(.text(owner)))"
    }

    /// Each device's instant as SQL (`NULL` when the publish is not at a local time).
    func dueAt(_ b: inout SQLBindings) -> String { due?.sql(&b) ?? "CAST(NULL AS \(b.dialect.real))" }

    /// Whether the page is of an interest's devices (else of a user's, or of the app's).
    var isInterest: Bool { FanOutCursor.devicesKind(kind) == "interests" }

    /// The variant of device `d` (`FanOutStatements.variantMatch`), NULL without variants.
    func variant(_ b: inout SQLBindings) -> String {
        localized ? FanOutStatements.variantMatch(publish: b.bind(.text(publishID)), b.dialect) : "CAST(NULL AS TEXT)"
    }

    /// The page's devices `d`, in seq order: FROM … (its values bound in `b`, after
    /// `join`'s, which the caller binds first). Without a filter, the key's devices after
    /// `afterSeq`, at most `limit`. With one, those of the `candidates` window that match
    /// it: a page looks at `limit` devices whatever the filter, so a filter that matches
    /// few devices never makes one statement read through the whole app (the window's
    /// rows as the subquery `candidates`, or the WITH named `window`: PostgreSQL's `scan`).
    func source(join: String, window: String? = nil, _ b: inout SQLBindings) -> String {
        guard let filter else { return candidates(join: join, &b) }
        let from = window ?? "(SELECT \(seqColumn) AS seq \(candidates(join: "", &b)))"
        return "FROM \(from) c JOIN devices d ON d.seq = c.seq\(join) WHERE \(filter.sql(&b)) ORDER BY d.seq"
    }

    /// The key's devices `d` after `afterSeq` (not invalidated), in seq order, at most
    /// `limit`, with `join`: FROM … LIMIT.
    func candidates(join: String, _ b: inout SQLBindings) -> String {
        let devices = isInterest ? "FROM device_interests i JOIN devices d ON d.seq = i.device_seq" : "FROM devices d"
        var keyFilter: String
        switch FanOutCursor.devicesKind(kind) {
        case "interests": keyFilter = "i.app_id = \(b.bind(.text(appID))) AND i.interest = \(b.bind(.text(key)))"
        case "users": keyFilter = "d.app_id = \(b.bind(.text(appID))) AND d.user_id = \(b.bind(.text(key)))"
        default: keyFilter = "d.app_id = \(b.bind(.text(appID)))"
        }
        keyFilter += " AND \(seqColumn) > \(b.bind(.int(afterSeq)))"
        return "\(devices)\(join) WHERE \(keyFilter) AND d.invalidated_at IS NULL ORDER BY \(seqColumn) LIMIT \(b.bind(.int(limit)))"
    }

    /// A push-to-start page's join to its activity type's tokens (`p`), its value bound in
    /// `b`; empty for other pages.
    func pushToStartJoin(_ b: inout SQLBindings) -> String {
        activityType.map { " JOIN push_to_start_tokens p ON p.device_seq = d.seq AND p.activity_type = \(b.bind(.text($0)))" } ?? ""
    }

    /// The devices' seq column of `candidates`.
    var seqColumn: String { isInterest ? "i.device_seq" : "d.seq" }
}
