
/// One process serves a data folder, so nothing is taken over: what was in flight at the
/// start was the previous run's. The process's row is kept as on PostgreSQL.
extension SQLiteStore {
    public func recoverInFlight(now: Double, lease: Double) throws -> Int {
        try write { db in
            // one store: leases: one process serves a data folder, so everything in flight was the last run's
            try db.execute(
                "INSERT OR REPLACE INTO gateway_instances (id, host, pid, started_at, heartbeat_at) VALUES (?, ?, ?, ?, ?)",
                [.text(instance.id), .text(instance.host), .int(instance.pid), .double(now), .double(now)])
            // one store: leases, as above (and the webhook endpoints the last run was sending to)
            try db.execute("UPDATE webhooks SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by IS NOT NULL")
            // one store: leases, as above
            return try db.execute("UPDATE deliveries SET state = 0, in_doubt = 1, lease_owner = NULL WHERE state = 1")
        }
    }

    public func heartbeat(now: Double, lease: Double, takeOver: Bool) throws -> LeaseReport {
        try write { db in
            // one store: leases, nothing to take over here
            try db.execute("UPDATE gateway_instances SET heartbeat_at = ? WHERE id = ?", [.double(now), .text(instance.id)])
            return LeaseReport(released: 0, liveInstances: 1)
        }
    }

    func renewLease(_ db: SQLiteConnection, now: Double) throws {}

    static func othersShare(_ db: SQLiteConnection, besides owner: String) throws -> Bool { false }

    public func leave() throws {
        // one store: leases, nothing to hand back here
        _ = try write { db in try db.execute("DELETE FROM gateway_instances WHERE id = ?", [.text(instance.id)]) }
    }
}
