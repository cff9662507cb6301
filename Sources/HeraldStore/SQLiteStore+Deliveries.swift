import Foundation
import HeraldShared

extension SQLiteStore {
    public func appsWithDueDeliveries(now: Double) throws -> [String] {
        try snapshot { db in
            // one store: SQLite asks app by app (each an index lookup); PostgreSQL in one statement.
            let apps = try db.query("SELECT id FROM apps ORDER BY id", []) { $0.string(0) }
            // one store: as above.
            return try apps.filter { app in
                try db.scalar(
                    "SELECT 1 FROM deliveries WHERE app_id = ? AND state = 0 AND next_at <= ? LIMIT 1", [.text(app), .double(now)]) != nil
            }
        }
    }

    /// Claims in one statement: the due rows are marked in flight under this instance's
    /// lease and read back; then their jobs (`claimedJobs`).
    public func claimDeliveries(appID: String, now: Double, limit: Int, excluding: Set<DeliveryRoute>) throws -> [DeliveryJob] {
        let skipped = excluding.map(\.key).sorted()
        let routes = skipped.isEmpty ? "" : "AND \(DeliveryRoute.routeColumn) NOT IN (\(SQLiteConnection.placeholders(skipped.count)))"
        return try write { db in
            // one store: the one writer needs no lock to skip (PostgreSQL's claim skips rows other processes hold).
            let claimed = try db.query(
                """
                UPDATE deliveries SET state = 1, attempts = attempts + 1, updated_at = ?, lease_owner = ? WHERE seq IN (
                SELECT seq FROM deliveries d WHERE app_id = ? AND state = 0 AND next_at <= ? \(routes) ORDER BY next_at, seq LIMIT ?)
                RETURNING \(ClaimedDelivery.columns(of: "deliveries"))
                """, [.double(now), .text(instance.id), .text(appID), .double(now)] + skipped.map { .text($0) } + [.int(limit)],
                { try ClaimedDelivery($0) }
            ).sorted { ($0.nextAt, $0.seq) < ($1.nextAt, $1.seq) }
            return try Self.claimedJobs(db, claimed, appID: appID, now: now)
        }
    }

    /// The jobs of deliveries just claimed: each of their publishes read once (and the
    /// variants they got), then `SQLStore.jobs`.
    static func claimedJobs(_ db: SQLiteConnection, _ claimed: [ClaimedDelivery], appID: String, now: Double) throws -> [DeliveryJob] {
        guard !claimed.isEmpty else { return [] }
        let publishIDs = Array(Set(claimed.map(\.publishID))).sorted()
        var publishes: [String: ClaimedPublish] = [:]
        for row in try db.query(
            // one store: a list of `?` (PostgreSQL binds one array).
            { "SELECT \(ClaimedPublish.columns(.sqlite)) FROM publishes WHERE id IN (\($0))" }, [], in: publishIDs.map { .text($0) },
            { (row: SQLiteStatement) in (row.string(0), try ClaimedPublish(row)) })
        {
            publishes[row.0] = row.1
        }
        var variants: [String: [UInt8]] = [:]
        if claimed.contains(where: { $0.variant != nil }) {
            for row in try db.query(
                // one store: as above; a publish has a few variants, those no claimed delivery got are dropped after.
                { "SELECT publish_id, tag, payload FROM publish_variants WHERE publish_id IN (\($0))" }, [], in: publishIDs.map { .text($0) },
                { (row: SQLiteStatement) in (row.string(0) + " " + row.string(1), row.bytes(2)) })
            {
                variants[row.0] = row.1
            }
        }
        return try Self.jobs(db, claimed, publishes: publishes, variants: variants, appID: appID, now: now)
    }

    public func completeDeliveries(_ results: [DeliveryResult], now: Double) throws {
        guard !results.isEmpty else { return }
        try write { db in
            // The deliveries still in flight (a result for any other is a repeat: ignored):
            // the accepted ones marked sent and read back in one statement, the others read.
            let accepted = results.filter(\.isSent).map { SQLValue.int($0.seq) }
            let others = results.filter { !$0.isSent }.map { SQLValue.int($0.seq) }
            let row = { (row: SQLiteStatement) in (row.int(0), (publishID: row.string(1), deviceSeq: row.isNull(2) ? nil : row.int(2))) }
            var rows = try accepted.isEmpty ? [] : db.query(
                // one store: a list of `?` per seq; PostgreSQL binds one array, locks and checks the lease.
                { "UPDATE deliveries SET state = 2, latency = ?1 - updated_at, updated_at = ?1 WHERE state = 1 AND seq IN (\($0)) RETURNING seq, publish_id, device_seq" },
                [.double(now)], in: accepted, row)
            if !others.isEmpty {
                // one store: as above.
                rows += try db.query({ "SELECT seq, publish_id, device_seq FROM deliveries WHERE state = 1 AND seq IN (\($0))" }, [], in: others, row)
            }
            let inFlight = Dictionary(rows, uniquingKeysWith: { first, _ in first })
            let batch = try Self.applyResults(db, results, inFlight: inFlight, now: now)
            let sent = batch.sent  // marked above
            try Self.logFinalDeliveries(db, seqs: inFlight.keys.sorted(), serviceIDs: DeliveryResult.serviceIDs(results), now: now)
            try Self.countHeldEvents(db, sent: sent)
            for (publishID, count) in batch.sentPerPublish {
                try Self.count(db, .sent, count, publishID: publishID, at: now)
            }
            try Self.addFinalSplits(db, seqs: inFlight.keys.sorted())
            for publishID in batch.touched.sorted() { try Self.finishIfComplete(db, publishID: publishID, now: now) }
        }
    }

    static func addFinalSplits(_ db: SQLiteConnection, seqs: [Int]) throws {
        guard !seqs.isEmpty else { return }
        // one store: a list of `?` per seq (PostgreSQL binds one array).
        _ = try db.query({ SplitStatements.addFinal(notIndexed: true, where: "seq IN (\($0))") }, [], in: seqs.map { .int($0) }) { _ in () }
    }

    static func finalDeliveries(_ db: SQLiteConnection, seqs: [Int]) throws -> [FinalDelivery] {
        // one store: a list of `?` per seq (PostgreSQL binds one array).
        try db.query({ FactEventStatements.finalDeliveries + "d.seq IN (\($0)) ORDER BY d.seq" }, [], in: seqs.map { .int($0) }) {
            try FinalDelivery($0)
        }
    }

    public func nextDueTime() throws -> Double? {
        try snapshot { db in
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
