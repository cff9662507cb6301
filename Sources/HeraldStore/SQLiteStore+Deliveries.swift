import Foundation
import HeraldAPNsModel
import HeraldAuth
import HeraldShared

extension SQLiteStore {
    public func appsWithDueDeliveries(now: Double) throws -> [String] {
        try read { db in
            // one store: SQLite asks app by app (each an index lookup); PostgreSQL in one statement.
            let apps = try db.query("SELECT id FROM apps ORDER BY id", []) { $0.string(0) }
            // one store: as above.
            return try apps.filter { app in
                try db.scalar(
                    "SELECT 1 FROM deliveries WHERE app_id = ? AND state = 0 AND next_at <= ? LIMIT 1", [.text(app), .double(now)]) != nil
            }
        }
    }

    public func claimDeliveries(appID: String, now: Double, limit: Int, excluding: Set<DeliveryRoute>) throws -> [DeliveryJob] {
        let skipped = excluding.map(\.key).sorted()
        let routes = skipped.isEmpty ? "" : "AND \(DeliveryRoute.routeColumn) NOT IN (\(SQLiteConnection.placeholders(skipped.count)))"
        return try write { db in
            // The one writer reads the due rows and marks them after (PostgreSQL claims in one statement).
            // one store: SQLite's rows and their publishes (and variants) in one join; PostgreSQL skips rows others hold.
            let jobs = try db.query(
                """
                SELECT d.seq, d.publish_id, dv.id, d.token, d.environment, d.attempts, d.in_doubt, coalesce(v.payload, p.payload),
                p.push_type, p.priority, p.collapse_id, p.expiration, p.environment, max(p.created_at, coalesce(p.send_at, 0)), d.platform,
                d.device_seq, p.cap_max, p.cap_window, d.due_at
                FROM deliveries d JOIN publishes p ON p.id = d.publish_id LEFT JOIN devices dv ON dv.seq = d.device_seq
                LEFT JOIN publish_variants v ON v.publish_id = d.publish_id AND v.tag = d.variant
                WHERE d.app_id = ? AND d.state = 0 AND d.next_at <= ? \(routes) ORDER BY d.next_at, d.seq LIMIT ?
                """, [.text(appID), .double(now)] + skipped.map { .text($0) } + [.int(limit)]
            ) { row in
                let publishID = row.string(1), token = row.string(3)
                var job = DeliveryJob(
                    seq: row.int(0), publishID: publishID, appID: appID, deviceID: row.optionalString(2), token: token,
                    environment: APNsEnvironment(rawValue: row.string(4)) ?? .production, attempts: row.int(5) + 1, payload: row.bytes(7),
                    options: PublishOptions(
                        pushType: row.string(8), priority: row.int(9), collapseID: row.optionalString(10), expiration: row.optionalDouble(11),
                        environment: APNsEnvironment(rawValue: row.string(12)) ?? .production),
                    apnsID: SHA256.uuid(publishID + ":" + token), inDoubt: row.int(6) != 0, dueAt: row.double(13),
                    platform: PushPlatform(rawValue: row.string(14)) ?? .apns)
                job.due(atOwnInstant: row.optionalDouble(18))
                let cap = FrequencyCap(max: row.optionalInt(16), window: row.optionalInt(17))
                return (job, CapCandidate(seq: job.seq, publishID: publishID, deviceSeq: row.optionalInt(15), cap: cap))
            }
            if !jobs.isEmpty {
                // one store: a list of `?` per seq (PostgreSQL binds one array).
                _ = try db.query(
                    { "UPDATE deliveries SET state = 1, attempts = attempts + 1, updated_at = ?, lease_owner = ? WHERE seq IN (\($0))" },
                    [.double(now), .text(instance.id)], in: jobs.map { .int($0.0.seq) }
                ) { _ in () }
            }
            let capped = try Self.applyFrequencyCaps(db, jobs.map(\.1), now: now)
            return jobs.map { job, _ in
                var job = job
                job.capped = capped.contains(job.seq)
                return job
            }
        }
    }

    public func completeDeliveries(_ results: [DeliveryResult], now: Double) throws {
        guard !results.isEmpty else { return }
        try write { db in
            // The deliveries still in flight (a result for any other is a repeat: ignored).
            // one store: a list of `?` per seq; PostgreSQL binds one array, locks and checks the lease.
            let rows = try db.query(
                { "SELECT seq, publish_id, device_seq FROM deliveries WHERE state = 1 AND seq IN (\($0))" }, [], in: results.map { .int($0.seq) }
            ) { ($0.int(0), (publishID: $0.string(1), deviceSeq: $0.isNull(2) ? nil : $0.int(2))) }
            let inFlight = Dictionary(rows, uniquingKeysWith: { first, _ in first })
            let batch = try Self.applyResults(db, results, inFlight: inFlight, now: now)
            let sent = batch.sent
            if !sent.isEmpty {
                // one store: a list of `?` per seq (PostgreSQL binds one array).
                _ = try db.query({ "UPDATE deliveries SET state = 2, updated_at = ? WHERE seq IN (\($0))" }, [.double(now)], in: sent.map { .int($0) }) {
                    _ in ()
                }
            }
            try Self.countHeldEvents(db, sent: sent)
            for (publishID, count) in batch.sentPerPublish {
                try Self.count(db, .sent, count, publishID: publishID, at: now)
            }
            for publishID in batch.touched { try Self.finishIfComplete(db, publishID: publishID, now: now) }
            try Self.addFinalSplits(db, seqs: inFlight.keys.sorted())
        }
    }

    static func addFinalSplits(_ db: SQLiteConnection, seqs: [Int]) throws {
        guard !seqs.isEmpty else { return }
        // one store: a list of `?` per seq (PostgreSQL binds one array).
        _ = try db.query({ SplitStatements.addFinal(notIndexed: true, where: "seq IN (\($0))") }, [], in: seqs.map { .int($0) }) { _ in () }
    }

    public func nextDueTime() throws -> Double? {
        try read { db in
            // one store: SQLite asks app by app (each an index lookup); PostgreSQL in one statement.
            if try db.scalar("SELECT 1 FROM publishes WHERE status IN ('queued', 'sending') AND fanout_done = 0 LIMIT 1") != nil {
                return 0
            }
            // one store: as above.
            var times = try db.query("SELECT min(send_at) FROM publishes WHERE status = 'scheduled'", []) { $0.optionalDouble(0) }
                .compactMap { $0 }
            // one store: as above.
            for app in try db.query("SELECT id FROM apps", [], { $0.string(0) }) {
                // one store: as above.
                times += try db.query("SELECT min(next_at) FROM deliveries WHERE app_id = ? AND state = 0", [.text(app)]) {
                    $0.optionalDouble(0)
                }
                .compactMap { $0 }
            }
            return times.min()
        }
    }
}
