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

/// Webhook endpoints: their settings, and the claims and reports of the dispatchers that
/// send to them (one process per endpoint at a time, like deliveries).
public protocol WebhookStore: AnyObject, Sendable {
    /// Throws `limitExceeded` when the app has `limit` endpoints. Its cursor starts at the
    /// log's end: it gets what happens from now on.
    func createWebhook(_ webhook: NewWebhook, limit: Int) throws -> WebhookRecord
    func webhooks(appID: String) throws -> [WebhookRecord]
    func webhook(appID: String, id: String) throws -> WebhookRecord?
    func updateWebhook(appID: String, id: String, _ change: WebhookChange, now: Double) throws -> WebhookRecord?
    func deleteWebhook(appID: String, id: String) throws -> Bool
    /// A new secret; the old one keeps signing until `keepOldUntil`.
    func rotateWebhookSecret(appID: String, id: String, secret: String, keepOldUntil: Double, now: Double) throws -> WebhookRecord?
    /// Moves the cursor back to just before the first event at or after `since` (never
    /// forward); the endpoint gets those events again.
    func replayWebhook(appID: String, id: String, since: Double, now: Double) throws -> WebhookRecord?
    /// The endpoint's last requests, newest first.
    func webhookAttempts(appID: String, id: String, limit: Int) throws -> [WebhookAttempt]
    /// Claims up to `limit` enabled endpoints due at `now` that no process holds (or whose
    /// claim ran out) for `owner` until `now + hold`.
    func claimWebhooks(owner: String, now: Double, hold: Double, limit: Int) throws -> [WebhookRecord]
    /// Records what became of a claimed endpoint and lets the claim go (or keeps it until
    /// `progress.holdUntil`); whether the endpoint is still this process's to go on with
    /// (held, enabled, its cursor where reported).
    @discardableResult
    func finishWebhook(_ progress: WebhookProgress) throws -> Bool
    /// How many events of the types `selector` asks for (nil: all) follow the endpoint's
    /// cursor, counting up to `limit`, and when the first of them was written.
    /// Every enabled endpoint, of every app (at most `limit`).
    func enabledWebhooks(limit: Int) throws -> [WebhookRecord]
    /// Disables an enabled endpoint with `reason`; whether it was enabled.
    func disableWebhook(appID: String, id: String, reason: String, now: Double) throws -> Bool
    func webhookBacklog(appID: String, after: EventCursor, matching selector: EventSelector?, limit: Int) throws -> (count: Int, oldest: Double?)
}
