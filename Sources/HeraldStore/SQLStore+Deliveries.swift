import Foundation
import HeraldAPNsModel

extension SQLStore {
    /// Applies a batch's results to the deliveries still in flight, in the order given (see
    /// `DeliveryResult.apply`): retries, failures and invalidations written here; what was sent is
    /// returned for the caller to mark.
    static func applyResults(
        _ db: Database, _ results: [DeliveryResult], inFlight: [Int: (publishID: String, deviceSeq: Int?)], now: Double
    ) throws -> DeliveryResult.Batch {
        try DeliveryResult.apply(
            results, inFlight: inFlight,
            retry: { seq, reason, retryAt, counted in
                // One whose user was deleted while it was in flight is not sent again.
                if let delivery = inFlight[seq], delivery.deviceSeq == nil,
                    try !db.query(UserDataStatements.userDeletedInFlight, [.int(seq), .text(userDeletedReason)], { _ in () }).isEmpty
                {
                    return try failDelivery(db, seq, publishID: delivery.publishID, reason: userDeletedReason, now: now)
                }
                try retryDelivery(db, seq, reason: reason, retryAt: retryAt, counted: counted, now: now)
            },
            fail: { seq, publishID, reason in try failDelivery(db, seq, publishID: publishID, reason: reason, now: now) },
            invalidate: { seq, publishID, deviceSeq, dead in
                try invalidateDelivery(db, seq, publishID: publishID, deviceSeq: deviceSeq, dead, now: now)
            })
    }

    /// Sends a delivery back to wait until `retryAt`; an attempt that did not count
    /// (`counted` false) is given back.
    static func retryDelivery(_ db: Database, _ seq: Int, reason: String, retryAt: Double, counted: Bool, now: Double) throws {
        if counted { try keepEarlierAttempt(db, seq, reason: reason, now: now) }
        try db.execute(
            DeliveryStatements.retry, [.double(retryAt), .text(reason), .double(now), .int(seq), .int(counted ? 0 : 1)])
    }

    /// One rule for every push service (`DeadToken.invalidates(tokenRegisteredAt:)`): a dead
    /// token counts only for a token registered before the service knew it dead; a device
    /// that registered the token again since keeps it (this delivery counts as failed).
    /// A delivery to a Live Activity token removes that token (not the device) under the
    /// same rule: see `pruneActivityToken`.
    static func invalidateDelivery(
        _ db: Database, _ seq: Int, publishID: String, deviceSeq: Int?, _ dead: DeadToken, now: Double
    ) throws {
        let sql = DeliveryStatements.self
        let reason = dead.reason
        if let pruned = try pruneActivityToken(db, seq, deviceSeq: deviceSeq, dead) {
            guard pruned else { return try failDelivery(db, seq, publishID: publishID, reason: reason, now: now) }
            try finishDelivery(db, seq, .invalidated, reason: reason, now: now)
            try count(db, .invalidated, publishID: publishID, at: now)
            return try countFailure(db, publishID: publishID, reason: reason)
        }
        let registeredAt = try deviceSeq.flatMap {
            try db.query(sql.tokenRegisteredAt, [.int($0)]) { try $0.double(0) }.first
        }
        if let deviceSeq, let registeredAt, dead.invalidates(tokenRegisteredAt: registeredAt) {
            try db.execute(sql.invalidateDevice, [.double(now), .text(reason), .int(deviceSeq)])
            try logDeviceInvalidated(db, deviceSeq: deviceSeq, dead, now: now)
        } else if deviceSeq != nil {
            return try failDelivery(db, seq, publishID: publishID, reason: reason, now: now)
        }
        try finishDelivery(db, seq, .invalidated, reason: reason, now: now)
        try count(db, .invalidated, publishID: publishID, at: now)
        try countFailure(db, publishID: publishID, reason: reason)
    }

    /// A delivery's final state. One that failed or was invalidated did not reach its
    /// device: its place under a frequency cap is given back. The caller adds it to the
    /// split counters (`addFinalSplits`) once its publish's counters are written.
    static func finishDelivery(_ db: Database, _ seq: Int, _ state: DeliveryState, reason: String?, now: Double) throws {
        let sql = DeliveryStatements.self
        try db.execute(sql.finish, [.int(state.rawValue), .optional(reason), .double(now), .int(seq)])
        if state == .failed || state == .invalidated { try db.execute(sql.releaseCappedSend, [.int(seq)]) }
    }

    static func failDelivery(_ db: Database, _ seq: Int, publishID: String, reason: String, now: Double) throws {
        try finishDelivery(db, seq, .failed, reason: reason, now: now)
        try count(db, .failed, publishID: publishID, at: now)
        try countFailure(db, publishID: publishID, reason: reason)
    }
}
