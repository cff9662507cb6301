/// The statements of devices and their quota, written once for both stores and rendered
/// for each database once.
struct DeviceStatements: Sendable {
    /// The app's counts (kept by triggers), and the same with the app's row locked.
    let usage: String
    let usageForUpdate: String
    /// How many interests a device has.
    let interestCount: String
    /// For a delivery: its publish's target kind and its token.
    let deliveryTarget: String
    /// A Live Activity token's time (its row locked), and its deletion, by table.
    let activityTokenSetAt: [ActivityTokenTable: String]
    let deleteActivityToken: [ActivityTokenTable: String]

    init(_ d: SQLDialect) {
        usage = d.render("SELECT device_count, subscription_count FROM apps WHERE id = ?")
        usageForUpdate = d.render("SELECT device_count, subscription_count FROM apps WHERE id = ?\(d.forUpdate)")
        interestCount = d.render("SELECT count(*) FROM device_interests WHERE device_seq = ?")
        deliveryTarget = d.render("SELECT p.target_kind, d.token FROM deliveries d JOIN publishes p ON p.id = d.publish_id WHERE d.seq = ?")
        activityTokenSetAt = Dictionary(
            uniqueKeysWithValues: ActivityTokenTable.allCases.map { table in
                (table, d.render("SELECT updated_at FROM \(table.rawValue) WHERE device_seq = ? AND token = ?\(d.forUpdate)"))
            })
        deleteActivityToken = Dictionary(
            uniqueKeysWithValues: ActivityTokenTable.allCases.map { table in
                (table, d.render("DELETE FROM \(table.rawValue) WHERE device_seq = ? AND token = ?"))
            })
    }

    private static let sqlite = DeviceStatements(.sqlite)
    private static let postgres = DeviceStatements(.postgres)

    /// The statements for `dialect`.
    static func of(_ dialect: SQLDialect) -> DeviceStatements {
        switch dialect {
        case .sqlite: sqlite
        case .postgres: postgres
        }
    }
}
