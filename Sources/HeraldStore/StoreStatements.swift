/// Every statement both stores share, by aggregate, rendered for each database once (the
/// catalogs `AppStatements`, `DeviceStatements`, … are written once, with `?` and `?N`
/// placeholders, and take what differs from `SQLDialect`).
final class StoreStatements: Sendable {
    let activities: ActivityStatements
    let apps: AppStatements
    let channels: ChannelStatements
    let console: ConsoleStatements
    let deliveries: DeliveryStatements
    let devices: DeviceStatements
    let fanOut: FanOutStatements
    let inbox: InboxStatements
    let publishes: PublishStatements
    let splits: SplitStatements
    let userData: UserDataStatements

    init(_ dialect: SQLDialect) {
        activities = ActivityStatements(dialect)
        apps = AppStatements(dialect)
        channels = ChannelStatements(dialect)
        console = ConsoleStatements(dialect)
        deliveries = DeliveryStatements(dialect)
        devices = DeviceStatements(dialect)
        fanOut = FanOutStatements(dialect)
        inbox = InboxStatements(dialect)
        publishes = PublishStatements(dialect)
        splits = SplitStatements(dialect)
        userData = UserDataStatements(dialect)
    }

    static let sqlite = StoreStatements(.sqlite)
    static let postgres = StoreStatements(.postgres)
}

extension SQLDialect {
    /// The shared statements for this database.
    var statements: StoreStatements {
        switch self {
        case .sqlite: StoreStatements.sqlite
        case .postgres: StoreStatements.postgres
        }
    }
}
