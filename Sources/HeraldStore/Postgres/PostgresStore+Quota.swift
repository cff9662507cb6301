extension PostgresStore {
    public func usage(appID: String) throws -> (devices: Int, subscriptions: Int) {
        try read { db in try Self.usage(db, appID: appID) }
    }
}
