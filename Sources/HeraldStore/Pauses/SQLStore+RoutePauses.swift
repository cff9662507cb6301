/// Route pauses (`RoutePauseStore`): one row per paused route of an app.
extension SQLStore {
    public func recordRoutePause(appID: String, _ pause: RoutePause) throws {
        try write { db in
            try db.execute(
                RoutePauseStatements.record,
                [
                    .text(appID), .text(pause.route.key), .text(pause.kind.rawValue), .text(pause.reason), .double(pause.since),
                    .double(pause.until),
                ])
            try db.execute(RoutePauseStatements.deferWaiting, [.double(pause.until), .text(appID), .text(pause.route.key)])
        }
    }

    @discardableResult
    public func endRoutePause(appID: String, route: DeliveryRoute) throws -> Bool {
        try write { db in try Self.endRoutePause(db, appID: appID, route: route) }
    }

    static func endRoutePause(_ db: Database, appID: String, route: DeliveryRoute) throws -> Bool {
        try db.execute(RoutePauseStatements.end, [.text(appID), .text(route.key)]) > 0
    }

    public func routePauses(appID: String) throws -> [RoutePause] {
        let rows = try snapshot { db in
            try db.query(RoutePauseStatements.ofApp, [.text(appID)]) { row -> RoutePause? in
                guard let route = DeliveryRoute(key: try row.string(0)), let kind = RoutePause.Kind(rawValue: try row.string(1)) else {
                    return nil
                }
                return RoutePause(route: route, kind: kind, reason: try row.string(2), since: try row.double(3), until: try row.double(4))
            }
        }
        let order = DeliveryRoute.all
        return rows.compactMap { $0 }.sorted { (order.firstIndex(of: $0.route) ?? 0) < (order.firstIndex(of: $1.route) ?? 0) }
    }

    public func waitingDeliveries(publishID: String) throws -> [DeliveryRoute: Int] {
        let rows = try snapshot { db in
            try db.query(RoutePauseStatements.waiting, [.text(publishID)]) { (try $0.string(0), try $0.int(1)) }
        }
        var waiting: [DeliveryRoute: Int] = [:]
        for (key, count) in rows {
            if let route = DeliveryRoute(key: key) { waiting[route, default: 0] += count }
        }
        return waiting
    }
}
