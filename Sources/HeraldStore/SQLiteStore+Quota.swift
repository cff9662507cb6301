extension SQLiteStore {
    public func usage(appID: String) throws -> (devices: Int, subscriptions: Int) {
        try locked { db in try Self.usage(db, appID: appID) }
    }
}
