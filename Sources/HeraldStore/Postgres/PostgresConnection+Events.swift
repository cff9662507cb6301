/// The events a PostgreSQL transaction logs wait for its end (`pendingEvents`): inserted
/// just before COMMIT, each app's under its event lock, so that no transaction numbers an
/// app's events while another that numbered earlier ones has yet to commit. A reader that
/// has seen an app's event N never sees one below N commit later.
extension PostgresConnection {
    var eventMark: Int { pendingEvents.count }

    func dropEvents(from mark: Int) {
        pendingEvents.removeSubrange(mark...)
    }

    func logEvents(appID: String, _ events: [NewEvent]) throws {
        pendingEvents += events.map { (appID, $0) }
        if !inTransaction { EventLogCounter.add(try insertPendingEvents()) }
    }

    /// The apps in their order (two transactions take their locks in the same order), each
    /// app's events in the order logged.
    /// Returns what it inserted, by app, for `EventLogCounter` once the transaction commits.
    @discardableResult
    func insertPendingEvents() throws -> [(appID: String, count: Int)] {
        guard !pendingEvents.isEmpty else { return [] }
        let byApp = Dictionary(grouping: pendingEvents, by: \.appID)
        pendingEvents = []
        var inserted: [(appID: String, count: Int)] = []
        for appID in byApp.keys.sorted() {
            try lock(EventLogStatements.lockApp, [.text(appID)])
            try insertEvents(appID: appID, byApp[appID]!.map(\.event))
            inserted.append((appID, byApp[appID]!.count))
        }
        return inserted
    }
}
