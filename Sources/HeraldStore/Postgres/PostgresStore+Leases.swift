import Foundation

/// Leases: which process holds each delivery in flight, and taking over those of a
/// process that stopped being seen (killed, frozen, cut off from the database).
///
/// Every process keeps a row in `gateway_instances` with the time it was last seen (its
/// heartbeats, and each claim). A claim marks its deliveries with the claimer's id; taking
/// over deletes a silent process's row and frees what it held in the same transaction. A
/// completion counts only for deliveries in flight under the completer's id, so a process
/// that was silent, not dead, records nothing for what was taken from it: that delivery is
/// another's now and counts once, when that one is answered (APNs may show it twice).
extension PostgresStore {
    public func recoverInFlight(now: Double, lease: Double) throws -> Int {
        try write { db in
            // one store: leases, taken over between processes (SQLiteStore+Leases has one process)
            if let row = try db.query(
                "SELECT heartbeat_at, host, pid FROM gateway_instances WHERE id = $1 FOR UPDATE", [.text(instance.id)]
            ).first {
                let seen = now - (try row.double(0))
                let host = try row.string(1), pid = try row.int(2)
                let previousRun = host == instance.host && !Self.isRunning(pid: pid, besides: instance.pid)
                if seen < lease && !previousRun {
                    throw StoreError(
                        .conflict,
                        "another herald serve with the instance id \(instance.id) was seen \(Int(seen.rounded())) s ago on this database; give each process its own --instance-id (or none: the default is unique), or start this one after \(Int(lease)) s"
                    )
                }
            }
            try upsertInstance(db, now: now, startedAt: now)
            // This id's own from an earlier run, and those of processes that left or held no lease.
            // one store: leases
            return try db.execute(
                """
                UPDATE deliveries d SET state = 0, in_doubt = true, lease_owner = NULL
                WHERE state = 1 AND (lease_owner IS NULL OR lease_owner = $1
                    OR NOT EXISTS (SELECT 1 FROM gateway_instances i WHERE i.id = d.lease_owner))
                """, [.text(instance.id)])
        }
    }

    public func heartbeat(now: Double, lease: Double, takeOver: Bool) throws -> LeaseReport {
        try write { db in
            try upsertInstance(db, now: now, startedAt: nil)
            var released = 0
            if takeOver {
                // one store: leases, taking over a silent process's deliveries
                let gone = try db.query(
                    "DELETE FROM gateway_instances WHERE heartbeat_at < $1 AND id <> $2 RETURNING id",
                    [.double(now - lease), .text(instance.id)]
                ).map { try $0.string(0) }
                // one store: leases
                released = try db.execute(
                    """
                    UPDATE deliveries d SET state = 0, in_doubt = true, lease_owner = NULL
                    WHERE state = 1 AND (lease_owner IS NULL OR lease_owner = ANY($1::text[])
                        OR NOT EXISTS (SELECT 1 FROM gateway_instances i WHERE i.id = d.lease_owner))
                    """, [.array(gone)])
            }
            // one store: leases
            let live = try db.query("SELECT count(*) FROM gateway_instances WHERE heartbeat_at >= $1", [.double(now - lease)])[0].int(0)
            return LeaseReport(released: released, liveInstances: live)
        }
    }

    public func leave() throws {
        try write { db in
            // one store: leases, handed back at a graceful stop
            _ = try db.execute("DELETE FROM gateway_instances WHERE id = $1", [.text(instance.id)])
            // one store: leases
            _ = try db.execute(
                "UPDATE deliveries SET state = 0, in_doubt = true, lease_owner = NULL WHERE state = 1 AND lease_owner = $1",
                [.text(instance.id)])
        }
    }

    func renewLease(_ db: PostgresConnection, now: Double) throws {
        try upsertInstance(db, now: now, startedAt: nil)
    }

    static func othersShare(_ db: PostgresConnection, besides owner: String) throws -> Bool {
        // one store: leases, the other processes' rows
        try !db.query("SELECT 1 FROM gateway_instances WHERE id <> $1 LIMIT 1", [.text(owner)]).isEmpty
    }

    /// Adds this process's row, or marks it seen (a row another process deleted comes back).
    private func upsertInstance(_ db: PostgresConnection, now: Double, startedAt: Double?) throws {
        // one store: leases, this process's row
        _ = try db.execute(
            """
            INSERT INTO gateway_instances (id, host, pid, started_at, heartbeat_at) VALUES ($1, $2, $3, $4, $5)
            ON CONFLICT (id) DO UPDATE SET host = excluded.host, pid = excluded.pid,
                started_at = CASE WHEN $6 THEN excluded.started_at ELSE gateway_instances.started_at END,
                heartbeat_at = greatest(gateway_instances.heartbeat_at, excluded.heartbeat_at)
            """,
            [.text(instance.id), .text(instance.host), .int(instance.pid), .double(startedAt ?? now), .double(now), .bool(startedAt != nil)])
    }

    /// Whether a process `pid` other than `own` runs on this host (a row of this host whose
    /// process is gone, or has this process's pid, is from an earlier run).
    private static func isRunning(pid: Int, besides own: Int) -> Bool {
        guard pid != own, pid > 0, let pid = pid_t(exactly: pid) else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }
}
