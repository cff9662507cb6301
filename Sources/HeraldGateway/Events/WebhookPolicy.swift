/// How webhooks are sent (`herald serve --webhook-…`).
public struct WebhookPolicy: Sendable {
    /// Waits after each failed request in a row; past the last the endpoint is disabled.
    public var retrySchedule: [Double]
    /// Seconds a request may take.
    public var timeout: Double
    /// Most events in one batch request.
    public var batchSize: Int
    /// Endpoints one app may have.
    public var maxPerApp: Int
    /// Most events waiting for one endpoint: past it the endpoint is disabled (`backlog_full`),
    /// its events kept.
    public var maxBacklog: Int
    /// Endpoints being sent to at once by this process.
    public var concurrency: Int
    /// How often the dispatcher looks for due endpoints when nothing woke it.
    public var pollInterval: Double
    public var addresses: WebhookAddressPolicy
    /// Seconds the event log keeps an event (`--event-retention`, 7 days): the feed and
    /// replays reach back this far, and an endpoint disabled longer misses what is older.
    public var eventRetention: Double
    /// Seconds the audit log keeps an entry (`--audit-retention`, 365 days), pruned by the
    /// same once-a-minute step as the event log.
    public var auditRetention: Double = 365 * 86400

    public static let defaultSchedule: [Double] = [5, 30, 120, 600, 1800, 3600, 10800, 21600, 43200, 86400]

    public init(
        retrySchedule: [Double] = WebhookPolicy.defaultSchedule, timeout: Double = 10, batchSize: Int = 100, maxPerApp: Int = 20,
        maxBacklog: Int = 1_000_000, concurrency: Int = 32, pollInterval: Double = 0.5,
        addresses: WebhookAddressPolicy = WebhookAddressPolicy(), eventRetention: Double = 7 * 86400
    ) {
        self.eventRetention = eventRetention
        self.retrySchedule = retrySchedule
        self.timeout = timeout
        self.batchSize = batchSize
        self.maxPerApp = maxPerApp
        self.maxBacklog = maxBacklog
        self.concurrency = concurrency
        self.pollInterval = pollInterval
        self.addresses = addresses
    }

    /// `5s,30s,2m,1h,1d` as seconds; nil for anything else.
    public static func schedule(_ text: String) -> [Double]? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        var waits: [Double] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let unit = part.last.flatMap({ units[$0] }), let number = Double(part.dropLast()), number >= 0, number.isFinite
            else { return nil }
            waits.append(number * unit)
        }
        return waits.isEmpty ? nil : waits
    }
}
