/// A claimed delivery as the frequency caps see it.
struct CapCandidate {
    var seq: Int
    var publishID: String
    var deviceSeq: Int?
    var cap: FrequencyCap?
}

/// Frequency caps, applied in the transaction that claims deliveries.
extension SQLStore {
    /// Applies the publishes' frequency caps to deliveries just claimed (marked in flight
    /// in this transaction); the seqs of those finished as `capped`. Device by device in
    /// seq order, each device's row locked first on PostgreSQL: a claim of the same device
    /// in another process waits for this one to commit and then counts what it recorded,
    /// so two gateways on one database cap together (SQLite's one writer needs no lock).
    /// Each capped delivery counts the device's capped publishes within its window but
    /// itself (a retry of it was counted when first claimed); if fewer than the cap's
    /// `max`, it is recorded and sent, else finished as capped and counted. Deliveries
    /// without a cap or a registered device (raw tokens, channels) are left alone.
    static func applyFrequencyCaps(_ db: Database, _ claimed: [CapCandidate], now: Double) throws -> Set<Int> {
        let sql = DeliveryStatements.self
        let byDevice = Dictionary(grouping: claimed.filter { $0.cap != nil && $0.deviceSeq != nil }) { $0.deviceSeq ?? 0 }
        var capped = Set<Int>()
        var cappedPerPublish: [String: Int] = [:]
        for (device, candidates) in byDevice.sorted(by: { $0.key < $1.key }) {
            _ = try db.query(sql.lockDevice, [.int(device)]) { _ in () }
            try db.execute(sql.pruneCappedSends, [.int(device), .double(FrequencyCap.forgetBefore(now: now))])
            for candidate in candidates.sorted(by: { $0.seq < $1.seq }) {
                guard let cap = candidate.cap else { continue }
                let recent =
                    try db.query(
                        sql.recentCappedSends, [.int(device), .double(cap.windowStart(now: now)), .text(candidate.publishID)]
                    ) { try $0.int(0) }.first ?? 0
                if cap.allows(recent: recent) {
                    try db.execute(sql.recordCappedSend, [.int(device), .text(candidate.publishID), .double(now)])
                } else {
                    try finishDelivery(db, candidate.seq, .capped, reason: nil, now: now)
                    capped.insert(candidate.seq)
                    cappedPerPublish[candidate.publishID, default: 0] += 1
                }
            }
        }
        for (publishID, count) in cappedPerPublish.sorted(by: { $0.key < $1.key }) {
            try Self.count(db, .capped, count, publishID: publishID, at: now)
        }
        try addFinalSplits(db, seqs: capped.sorted())
        try logFinalDeliveries(db, seqs: capped.sorted(), now: now)
        for publishID in cappedPerPublish.keys.sorted() { try finishIfComplete(db, publishID: publishID, now: now) }
        return capped
    }
}
