import HeraldHTTP
import HeraldShared
import HeraldStore

/// The pull feed (server key): an app's events in log order, by cursor, with the same ids
/// as its webhooks' (docs/events.md).
extension GatewayAPI {
    /// A page of the feed: the events as stored, without parsing them again, and the cursor
    /// the next request goes on from (the same one when nothing came).
    static func feedPage(_ events: [LoggedEvent], after: EventCursor) -> HTTPResponse {
        let cursor = events.last?.cursor ?? after
        let body = "{\"events\":[" + events.map(\.json).joined(separator: ",") + "],\"cursor\":\"\(cursor.text)\"}"
        return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Array(body.utf8))
    }

    /// GET /v1/apps/{app}/event-feed?after=CURSOR&limit=N&wait=SECONDS: `{"events": [...],
    /// "cursor"}`. Without `after`, from the oldest event kept; `cursor` is where the next
    /// request goes on (the same one when nothing came). `wait` long-polls while nothing
    /// is there (`EventFeedWaits`).
    func getEventFeed(_ context: Context) throws -> HTTPResponse {
        let query = context.request.queryItems
        let limit = try Self.limit(query, default: 100, max: 1000)
        var after = EventCursor.start
        if let text = query["after"] {
            guard let cursor = EventCursor(text: text) else {
                throw ValidationError("after", "\"\(text.prefix(40))\" is not a cursor this feed handed out (ec1_…); leave it out to read from the oldest event")
            }
            after = cursor
        }
        var wait = 0.0
        if let text = query["wait"] {
            guard let seconds = Double(text), seconds.isFinite, (0...30).contains(seconds) else {
                throw ValidationError("wait", "must be a number of seconds from 0 to 30, not \"\(text.prefix(20))\"")
            }
            wait = seconds
        }
        let appID = context.appID, from = after
        let first = try store.events(appID: appID, after: after, limit: limit)
        guard first.isEmpty, wait > 0 else { return Self.feedPage(first, after: after) }
        let store = self.store
        let parked = feedWaits.park(app: appID, seconds: wait) { last in
            // On the waits' thread: an error ends the wait with a 503 (the client asks again).
            guard let events = try? store.events(appID: appID, after: from, limit: limit) else {
                return .error(503, code: "unavailable", message: "the store could not be read; try again", headers: [("Retry-After", "1")])
            }
            guard !events.isEmpty || last else { return nil }
            return Self.feedPage(events, after: from)
        }
        return parked ?? Self.feedPage(first, after: after)
    }
}
