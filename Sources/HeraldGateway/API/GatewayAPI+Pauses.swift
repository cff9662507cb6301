import HeraldShared
import HeraldStore

/// What a paused route holds back, as a publish's status and the app's settings say it:
/// nothing waits in silence.
extension GatewayAPI {
    /// `paused` in a publish's status: how many of its deliveries wait on a paused route,
    /// and per route why, since when, when it is tried again and the fix; nil when none wait
    /// on a pause. It reads the publish's deliveries only when the app has a route paused.
    func pausedJSON(_ publish: PublishRecord, pauses: [RoutePause]) throws -> JSONValue? {
        guard !pauses.isEmpty, publish.status == .queued || publish.status == .sending else { return nil }
        let waiting = try store.waitingDeliveries(publishID: publish.id)
        let held = pauses.compactMap { pause in waiting[pause.route].flatMap { $0 > 0 ? (pause, $0) : nil } }
        guard !held.isEmpty else { return nil }
        return [
            "count": .int(held.reduce(0) { $0 + $1.1 }),
            "routes": .array(held.map { Self.json($0.0, appID: publish.appID, waiting: $0.1) }),
        ]
    }

    /// A publish's status with `paused` when some of its deliveries wait on a pause.
    func publishJSON(_ publish: PublishRecord, pauses: [RoutePause]) throws -> JSONValue {
        let json = Self.json(publish)
        guard let paused = try pausedJSON(publish, pauses: pauses), var fields = json.objectValue else { return json }
        fields["paused"] = paused
        return .object(fields)
    }

    /// A paused route: `{"route", "kind", "reason", "since", "retryAt", "fix"}` and, for a
    /// publish, how many of its deliveries wait on it.
    static func json(_ pause: RoutePause, appID: String, waiting: Int? = nil) -> JSONValue {
        var json: [String: JSONValue] = [
            "route": .string(pause.route.name), "kind": .string(pause.kind.rawValue), "reason": .string(pause.reason),
            "since": .double(pause.since), "retryAt": .double(pause.until), "fix": .string(pause.fix(appID: appID)),
        ]
        if let waiting { json["waiting"] = .int(waiting) }
        return .object(json)
    }
}
