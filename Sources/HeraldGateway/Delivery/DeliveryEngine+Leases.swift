
extension DeliveryEngine {
    /// Every third of a lease: tells the store this process is alive, and takes over the
    /// deliveries of processes that have not been seen for a lease. Only once this process
    /// has itself been beating without a gap for a whole lease: after a start, and after a
    /// time cut off from the database (when every process's last beat is old), the others
    /// get a whole lease to be seen again before they count as gone.
    func beatIfDue(now: Double) throws {
        // A beat that failed is tried again at the next step.
        if let last = lastBeat, now < last + policy.lease / 3 { return }
        if let last = lastBeat, now - last > policy.lease / 2 { beatingSince = nil }
        let takeOver = beatingSince.map { now - $0 >= policy.lease } ?? false
        let report = try store.heartbeat(now: now, lease: policy.lease, takeOver: takeOver)
        lastBeat = now
        beatingSince = beatingSince ?? now
        metrics.set("herald_gateway_instances", Double(report.liveInstances))
        guard report.released > 0 else { return }
        metrics.increment("herald_deliveries_taken_over_total", [], by: Double(report.released))
        logger.log(
            .warning,
            "herald gateway: took over \(report.released) deliveries from a gateway not seen for \(Self.seconds(policy.lease)) s; sending them again (APNs may show them twice)"
        )
    }
}
