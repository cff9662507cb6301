import Foundation
import HeraldAPNsModel

extension PostgresStore {
    /// For a delivery of a Live Activity publish: whether APNs' answer removed the token,
    /// as `SQLiteStore.pruneActivityToken` decides it (the token's row locked while it is
    /// read); `nil` for a delivery to a device token.
    static func pruneActivityToken(_ db: PostgresConnection, _ seq: Int, deviceSeq: Int?, _ error: APNSError) throws -> Bool? {
        guard let deviceSeq,
            let row = try db.query(
                "SELECT p.target_kind, d.token FROM deliveries d JOIN publishes p ON p.id = d.publish_id WHERE d.seq = $1", [.int(seq)]
            ).first,
            let table = ActivityTokenTable(targetKind: try row.string(0))
        else { return nil }
        let filter: [PostgresValue] = [.int(deviceSeq), .text(try row.string(1))]
        guard
            let setAt = try db.query(
                "SELECT updated_at FROM \(table.rawValue) WHERE device_seq = $1 AND token = $2 FOR UPDATE", filter
            ).first?.double(0),
            error.invalidates(tokenRegisteredAt: Date(timeIntervalSince1970: setAt))
        else { return false }
        try db.execute("DELETE FROM \(table.rawValue) WHERE device_seq = $1 AND token = $2", filter)
        return true
    }
}
