import HeraldHTTP
import HeraldShared
import HeraldStore

/// The pull feed (server key): an app's events in log order, by cursor, with the same ids
/// as its webhooks' (docs/events.md).
extension GatewayAPI {
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
        let appID = context.appID
        let events = try feedWaits.wait(app: appID, seconds: wait) { () throws -> [LoggedEvent]? in
            let page = try store.events(appID: appID, after: after, limit: limit)
            return page.isEmpty ? nil : page
        } ?? []
        let cursor = events.last?.cursor ?? after
        // The stored JSON of each event as it is, without parsing it again.
        let body = "{\"events\":[" + events.map(\.json).joined(separator: ",") + "],\"cursor\":\"\(cursor.text)\"}"
        return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Array(body.utf8))
    }
}
