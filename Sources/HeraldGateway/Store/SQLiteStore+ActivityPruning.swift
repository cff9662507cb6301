import Foundation
import HeraldAPNsModel

extension SQLiteStore {
    /// For a delivery of a Live Activity publish (push-to-start, or an activity's update
    /// token): whether APNs' answer removed the token. The token's row goes when
    /// `APNSError.invalidates(tokenRegisteredAt:)` holds for the time it was set (a 410
    /// older than the token, or a token that rotated or went since, only fails the
    /// delivery); the device and its own token stay. `nil` for a delivery to a device token.
    static func pruneActivityToken(_ db: Connection, _ seq: Int, deviceSeq: Int?, _ error: APNSError) throws -> Bool? {
        guard let deviceSeq,
            let (kind, token) = try db.query(
                "SELECT p.target_kind, d.token FROM deliveries d JOIN publishes p ON p.id = d.publish_id WHERE d.seq = ?", [.int(seq)],
                { ($0.text(0), $0.text(1)) }
            ).first,
            let table = ActivityTokenTable(targetKind: kind)
        else { return nil }
        let filter: [SQLValue] = [.int(deviceSeq), .text(token)]
        guard
            let setAt = try db.query(
                "SELECT updated_at FROM \(table.rawValue) WHERE device_seq = ? AND token = ?", filter, { $0.double(0) }
            )
            .first,
            error.invalidates(tokenRegisteredAt: Date(timeIntervalSince1970: setAt))
        else { return false }
        try db.run("DELETE FROM \(table.rawValue) WHERE device_seq = ? AND token = ?", filter)
        return true
    }
}

/// The table of the Live Activity tokens a publish's deliveries go to, by its target kind.
enum ActivityTokenTable: String {
    case pushToStart = "push_to_start_tokens"
    case activities = "activities"

    init?(targetKind kind: String) {
        if kind == "activities" {
            self = .activities
        } else if kind.hasPrefix(PublishTarget.pushToStartPrefix) {
            self = .pushToStart
        } else {
            return nil
        }
    }
}
