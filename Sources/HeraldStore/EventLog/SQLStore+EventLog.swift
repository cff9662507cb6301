import HeraldShared

extension StoreDatabase {
    /// Inserts `events` of app `appID` now, `EventLogStatements.maxRows` at a time.
    func insertEvents(appID: String, _ events: [NewEvent]) throws {
        var rest = events[...]
        while !rest.isEmpty {
            var rows = EventLogStatements.maxRows
            while rows > rest.count { rows /= 2 }
            var values: [SQLValue] = []
            values.reserveCapacity(rows * 4)
            for event in rest.prefix(rows) {
                values += [.text(appID), .text(event.type.rawValue), .double(event.at), .text(event.json)]
            }
            try execute(EventLogStatements.inserts[rows]!, values)
            rest = rest.dropFirst(rows)
        }
    }
}

/// The event log (`EventLogStore`): events go in with the facts they report, in the
/// caller's transaction (`StoreDatabase.logEvents`); readers see each app's in the order
/// their transactions committed.
extension SQLStore {
    static func logEvents(_ db: Database, appID: String, _ events: [NewEvent]) throws {
        guard !events.isEmpty else { return }
        try db.logEvents(appID: appID, events)
    }

    static func logEvent(_ db: Database, appID: String, _ event: NewEvent) throws {
        try logEvents(db, appID: appID, [event])
    }

    static func eventPage(_ db: Database, appID: String, after: EventCursor, limit: Int) throws -> [LoggedEvent] {
        try db.query(EventLogStatements.page, [.text(appID), .int(after.seq), .int(limit)]) { row in
            LoggedEvent(cursor: EventCursor(seq: try row.int(0)), type: try row.string(1), at: try row.double(2), data: try row.string(3))
        }
    }

    /// Where a reader that wants only what comes next starts: after the app's last event.
    static func eventLogEnd(_ db: Database, appID: String) throws -> EventCursor {
        EventCursor(seq: try db.query(EventLogStatements.end, [.text(appID)]) { try $0.optionalInt(0) }.first.flatMap { $0 } ?? 0)
    }

    /// Just before the app's first event at or after `since`; the log's end when none is.
    static func eventCursor(_ db: Database, appID: String, since: Double) throws -> EventCursor {
        guard let first = try db.query(EventLogStatements.firstSince, [.text(appID), .double(since)], { try $0.optionalInt(0) }).first ?? nil
        else { return try eventLogEnd(db, appID: appID) }
        return EventCursor(seq: first - 1)
    }
}

/// The public methods whose transaction and body are the same on both stores.
extension SQLStore {
    public func events(appID: String, after: EventCursor, limit: Int) throws -> [LoggedEvent] {
        try snapshot { db in try Self.eventPage(db, appID: appID, after: after, limit: limit) }
    }

    public func eventLogEnd(appID: String) throws -> EventCursor {
        try snapshot { db in try Self.eventLogEnd(db, appID: appID) }
    }

    public func pruneEvents(before: Double, limit: Int) throws -> Int {
        try write { db in try db.execute(EventLogStatements.prune, [.double(before), .int(limit)]) }
    }
}
