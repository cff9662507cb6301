/// What happened to an app's pushes, devices, receipts and inboxes, told out (the event
/// feed, webhooks). Every fact the other ports record writes its event in its own
/// transaction: a crash never keeps one without the other.
public protocol EventLogStore: AnyObject, Sendable {
    /// The app's events after `after`, at most `limit`, in log order. Never passes an event
    /// that a transaction still running could add before the last one returned.
    func events(appID: String, after: EventCursor, limit: Int) throws -> [LoggedEvent]
    /// The app's last event a reader sees now (`EventCursor.start` for none).
    func eventLogEnd(appID: String) throws -> EventCursor
    /// Deletes events written before `before`, at most `limit`; how many.
    func pruneEvents(before: Double, limit: Int) throws -> Int
}
