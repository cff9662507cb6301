import HeraldGateway

/// `herald serve`'s options for events out (the event log's retention and the webhooks)
/// and for teams (the audit log's retention, how people sign in).
extension ServeCommand {
    static let eventRetention = Option.integer(
        "event-retention", "DAYS", in: 1...3650,
        "how long the event log keeps each event: the feed and webhook replays reach back this far (default 7)")
    static let auditRetention = Option.integer(
        "audit-retention", "DAYS", in: 1...36500, "how long the audit log keeps each entry (default 365)")
    static let consoleAccountsOnly = Option.flag(
        "console-accounts-only", "only people sign in to the console (e-mail and password): the server-key sign-in and its cookies are refused")
    static let consoleURL = Option.text(
        "console-url", "URL", "the console's address as people reach it, for the links invites carry (default: this gateway's /console)")
    static let webhookRetrySchedule = Option.text(
        "webhook-retry-schedule", "LIST", expected: "waits such as 5s,30s,2m,1h,1d",
        "the waits after each failed webhook request in a row; past the last the endpoint is disabled, its events kept (default 5s,30s,2m,10m,30m,1h,3h,6h,12h,24h)"
    )
    static let webhookTimeout = Option.integer(
        "webhook-timeout", "SECONDS", in: 1...300, "a webhook request must be answered within this, else it failed (default 10)")
    static let webhookBatchSize = Option.integer(
        "webhook-batch-size", "N", in: 1...1000, "most high-volume events (delivery.*, receipt.*) in one webhook request (default 100)")
    static let maxWebhooksPerApp = Option.integer(
        "max-webhooks-per-app", "N", in: 1...1000, "webhook endpoints one app may have (default 20)")
    static let webhookAllowHTTP = Option.flag(
        "webhook-allow-http", "webhook endpoints may be plain http:// (tests and private networks); https:// only without it")
    static let webhookAllowPrivate = Option.flag(
        "webhook-allow-private",
        "webhook endpoints may reach loopback, private, link-local, CGNAT and reserved addresses; refused without it, when made and at each connection")

    static let webhookOptions = [eventRetention.descriptor, auditRetention.descriptor, consoleAccountsOnly.descriptor, consoleURL.descriptor, webhookRetrySchedule.descriptor, webhookTimeout.descriptor]
        + [webhookBatchSize.descriptor, maxWebhooksPerApp.descriptor, webhookAllowHTTP.descriptor, webhookAllowPrivate.descriptor]
}

extension ServeSettings {
    /// The webhook policy from `arguments`.
    static func webhooks(_ arguments: Arguments) throws -> WebhookPolicy {
        typealias Serve = ServeCommand
        var policy = WebhookPolicy()
        if let days = arguments[Serve.eventRetention] { policy.eventRetention = Double(days) * 86400 }
        if let days = arguments[Serve.auditRetention] { policy.auditRetention = Double(days) * 86400 }
        if let text = arguments[Serve.webhookRetrySchedule] {
            guard let schedule = WebhookPolicy.schedule(text) else { throw Serve.webhookRetrySchedule.invalid(text) }
            policy.retrySchedule = schedule
        }
        if let seconds = arguments[Serve.webhookTimeout] { policy.timeout = Double(seconds) }
        policy.batchSize = arguments[Serve.webhookBatchSize] ?? policy.batchSize
        policy.maxPerApp = arguments[Serve.maxWebhooksPerApp] ?? policy.maxPerApp
        policy.addresses = WebhookAddressPolicy(allowHTTP: arguments[Serve.webhookAllowHTTP], allowPrivate: arguments[Serve.webhookAllowPrivate])
        return policy
    }
}
