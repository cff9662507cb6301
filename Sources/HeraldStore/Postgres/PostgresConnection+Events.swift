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
        if !inTransaction { try insertPendingEvents() }
    }

    /// The apps in their order (two transactions take their locks in the same order), each
    /// app's events in the order logged.
    func insertPendingEvents() throws {
        guard !pendingEvents.isEmpty else { return }
        let byApp = Dictionary(grouping: pendingEvents, by: \.appID)
        pendingEvents = []
        for appID in byApp.keys.sorted() {
            try lock(EventLogStatements.lockApp, [.text(appID)])
            try insertEvents(appID: appID, byApp[appID]!.map(\.event))
        }
    }
}
