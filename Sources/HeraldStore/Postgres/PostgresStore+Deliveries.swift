import Foundation
import HeraldShared

extension PostgresStore {
    public func appsWithDueDeliveries(now: Double) throws -> [String] {
        try read { db in
            // one store: PostgreSQL asks in one statement; SQLite app by app (each an index lookup).
            try db.query(
                """
                SELECT a.id FROM apps a
                WHERE EXISTS (SELECT 1 FROM deliveries d WHERE d.app_id = a.id AND d.state = 0 AND d.next_at <= $1)
                ORDER BY a.id COLLATE "C"
                """, [.double(now)]
            ).map { try $0.string(0) }
        }
    }

    /// Claims in one statement: the due rows are locked, skipping those another process
    /// is claiming (`FOR UPDATE SKIP LOCKED`), and marked in flight under this instance's
    /// lease; their jobs come after (`claimedJobs`). The claim is also a
    /// heartbeat (it adds this instance's row again when another process, finding it silent
    /// for a lease, took it away with its deliveries).
    public func claimDeliveries(appID: String, now: Double, limit: Int, excluding: Set<DeliveryRoute>) throws -> [DeliveryJob] {
        try write { db in
            // one store: claims and renews the lease in one statement, skipping rows other processes hold.
            let claimed = try db.query(
                """
                WITH me AS (
                    INSERT INTO gateway_instances (id, host, pid, started_at, heartbeat_at) VALUES ($5, $6, $7, $2, $2)
                    ON CONFLICT (id) DO UPDATE SET heartbeat_at = greatest(gateway_instances.heartbeat_at, excluded.heartbeat_at)
                    RETURNING id
                ),
                due AS (
                    SELECT seq FROM deliveries d WHERE app_id = $1 AND state = 0 AND next_at <= $2 AND \(DeliveryRoute.routeColumn) <> ALL($3::text[])
                    ORDER BY next_at, seq LIMIT $4 FOR UPDATE SKIP LOCKED
                )
                UPDATE deliveries d SET state = 1, attempts = d.attempts + 1, updated_at = $2, lease_owner = me.id
                FROM due, me WHERE d.seq = due.seq
                RETURNING \(ClaimedDelivery.columns(of: "d"))
                """,
                [.text(appID), .double(now), .array(excluding.map(\.key).sorted()), .int(max(0, limit)), .text(instance.id),
                    .text(instance.host), .int(instance.pid),
                ]
            ).map { try ClaimedDelivery($0) }.sorted { ($0.nextAt, $0.seq) < ($1.nextAt, $1.seq) }
            return try Self.claimedJobs(db, claimed, appID: appID, now: now)
        }
    }

    /// The jobs of deliveries just claimed: their publishes' payloads (and the variants the
    /// deliveries got) once per publish, then `SQLStore.jobs`.
    static func claimedJobs(_ db: PostgresConnection, _ claimed: [ClaimedDelivery], appID: String, now: Double) throws -> [DeliveryJob] {
        guard !claimed.isEmpty else { return [] }
        let publishIDs = Array(Set(claimed.map(\.publishID))).sorted()
        var publishes: [String: ClaimedPublish] = [:]
        // one store: the claimed deliveries' publishes by one array (SQLite: a list of `?`).
        for row in try db.query("SELECT \(ClaimedPublish.columns(.postgres)) FROM publishes WHERE id = ANY($1::text[])", [.array(publishIDs)]) {
            publishes[try row.string(0)] = try ClaimedPublish(row)
        }
        // The variants the claimed deliveries got, by publish id and tag.
        let tags = Array(Set(claimed.compactMap(\.variant))).sorted()
        var variants: [String: [UInt8]] = [:]
        if !tags.isEmpty {
            // one store: by two arrays (SQLite: lists of `?`).
            for row in try db.query(
                "SELECT publish_id, tag, payload FROM publish_variants WHERE publish_id = ANY($1::text[]) AND tag = ANY($2::text[])",
                [.array(publishIDs), .array(tags)])
            {
                variants[try row.string(0) + " " + row.string(1)] = try row.bytes(2)
            }
        }
        return try Self.jobs(db, claimed, publishes: publishes, variants: variants, appID: appID, now: now)
    }

    public func completeDeliveries(_ results: [DeliveryResult], now: Double) throws {
        guard !results.isEmpty else { return }
        try write { db in
            // The deliveries still in flight under this instance's lease, locked in seq order. A
            // result for any other is a repeat, or comes after the lease was taken over (the
            // delivery is another process's now, in doubt): ignored, so it counts once.
            // one store: binds one array and checks the lease (SQLite: a list of `?`, one writer).
            let rows = try db.query(
                """
                SELECT seq, publish_id, device_seq FROM deliveries WHERE state = 1 AND seq = ANY($1::bigint[]) AND lease_owner = $2
                ORDER BY seq FOR UPDATE
                """, [.array(results.map(\.seq)), .text(instance.id)]
            ).map { (try $0.int(0), (publishID: try $0.string(1), deviceSeq: try $0.optionalInt(2))) }
            let inFlight = Dictionary(rows, uniquingKeysWith: { first, _ in first })
            let batch = try Self.applyResults(db, results.sorted { $0.seq < $1.seq }, inFlight: inFlight, now: now)
            let sent = batch.sent
            if !sent.isEmpty {
                // one store: binds one array (SQLite: a list of `?` per seq).
                try db.execute(
                    "UPDATE deliveries SET state = 2, latency = $1 - updated_at, updated_at = $1 WHERE seq = ANY($2::bigint[])", [.double(now), .array(sent)])
            }
            try Self.logFinalDeliveries(db, seqs: inFlight.keys.sorted(), serviceIDs: DeliveryResult.serviceIDs(results), now: now)
            try Self.countHeldEvents(db, sent: sent)
            for (publishID, count) in batch.sentPerPublish.sorted(by: { $0.key < $1.key }) {
                try Self.count(db, .sent, count, publishID: publishID, at: now)
            }
            try Self.addFinalSplits(db, seqs: inFlight.keys.sorted())
            for publishID in batch.touched.sorted() { try Self.finishIfComplete(db, publishID: publishID, now: now) }
        }
    }

    static func addFinalSplits(_ db: PostgresConnection, seqs: [Int]) throws {
        guard !seqs.isEmpty else { return }
        // one store: binds one array (SQLite: a list of `?` per seq).
        try db.execute(SplitStatements.addFinal(where: "seq = ANY($1::bigint[])"), [.array(seqs)])
    }

    static func finalDeliveries(_ db: PostgresConnection, seqs: [Int]) throws -> [FinalDelivery] {
        // one store: binds one array (SQLite: a list of `?` per seq).
        try db.query(FactEventStatements.finalDeliveries + "d.seq = ANY($1::bigint[]) ORDER BY d.seq", [.array(seqs)]).map {
            try FinalDelivery($0)
        }
    }

    public func nextDueTime() throws -> Double? {
        try read { db in
            // one store: PostgreSQL asks in one statement; SQLite app by app (each an index lookup).
            try db.query(
                """
                SELECT CASE WHEN EXISTS (SELECT 1 FROM publishes WHERE status IN ('queued', 'sending') AND NOT fanout_done) THEN 0
                ELSE least(
                    (SELECT min(send_at) FROM publishes WHERE status = 'scheduled'),
                    (SELECT min(due.at) FROM apps a CROSS JOIN LATERAL
                        (SELECT min(next_at) AS at FROM deliveries WHERE app_id = a.id AND state = 0) due))
                END
                """
            )[0].optionalDouble(0)
        }
    }
}
