/// An endpoint an app's events are sent to (`WebhookStore`), with its place in the log and
/// how its requests have gone.
public struct WebhookRecord: Sendable, Hashable {
    public var id: String
    public var appID: String
    public var url: String
    /// The event types and families it asks for (`EventSelector`'s patterns).
    public var events: [String]
    public var description: String?
    /// `whsec_` and the base64 key its requests are signed with.
    public var secret: String
    /// The secret before the last rotation, which also signs until `oldSecretUntil`.
    public var oldSecret: String?
    public var oldSecretUntil: Double?
    public var enabled: Bool
    /// Why it was disabled (`gone`, `retries_exhausted`, `backlog_full`, `disabled`).
    public var disabledReason: String?
    /// The last event it acknowledged (or skipped: not one of its types).
    public var cursor: EventCursor
    /// Failed requests in a row for the events after `cursor`.
    public var failures: Int
    /// When the next request may go (after a failure, the retry schedule's wait).
    public var nextAt: Double
    public var lastSuccessAt: Double?
    public var lastFailureAt: Double?
    /// The last failure's HTTP status (nil: no answer, see `lastFailureError`).
    public var lastFailureStatus: Int?
    public var lastFailureError: String?
    public var createdAt: Double
    public var updatedAt: Double

    /// The secrets its requests are signed with at `now`: the current one, and the one
    /// before while it is kept.
    public func signingSecrets(now: Double) -> [String] {
        guard let oldSecret, let until = oldSecretUntil, now < until else { return [secret] }
        return [secret, oldSecret]
    }
}

/// A new endpoint, as the API checked it.
public struct NewWebhook: Sendable, Hashable {
    public var id: String
    public var appID: String
    public var url: String
    public var events: [String]
    public var description: String?
    public var secret: String
    public var now: Double

    public init(id: String, appID: String, url: String, events: [String], description: String?, secret: String, now: Double) {
        self.id = id
        self.appID = appID
        self.url = url
        self.events = events
        self.description = description
        self.secret = secret
        self.now = now
    }
}

/// A change to an endpoint (PATCH): what is nil stays. Enabling one that was disabled
/// clears its reason and failures and lets it send at once, from where it stopped.
public struct WebhookChange: Sendable, Hashable {
    public var url: String?
    public var events: [String]?
    public var description: String??
    public var enabled: Bool?

    public init(url: String? = nil, events: [String]? = nil, description: String?? = nil, enabled: Bool? = nil) {
        self.url = url
        self.events = events
        self.description = description
        self.enabled = enabled
    }
}

/// One request to an endpoint, as its attempts list shows it.
public struct WebhookAttempt: Sendable, Hashable {
    public var at: Double
    /// The HTTP status; nil when there was no answer (`error` says why).
    public var status: Int?
    public var error: String?
    /// How many events the request carried, and the first one's sequence.
    public var events: Int
    public var firstEvent: Int?
    /// Seconds from sending to the answer.
    public var duration: Double

    public init(at: Double, status: Int?, error: String?, events: Int, firstEvent: Int?, duration: Double) {
        self.at = at
        self.status = status
        self.error = error
        self.events = events
        self.firstEvent = firstEvent
        self.duration = duration
    }
}

/// What a dispatcher reports about an endpoint it claimed (`WebhookStore.finishWebhook`).
public struct WebhookProgress: Sendable, Hashable {
    public var id: String
    /// The process that claimed it: a report after another took the claim over changes nothing.
    public var owner: String
    /// Where its cursor stood when claimed, and where it goes (acknowledged or skipped);
    /// nil: it stays. A cursor moved meanwhile (a replay) is not moved.
    public var from: EventCursor
    public var to: EventCursor?
    /// The request made, if one was.
    public var attempt: WebhookAttempt?
    /// Failures in a row now, and when it may send next.
    public var failures: Int
    public var nextAt: Double
    /// Set to disable it, with this reason.
    public var disable: String?
    public var now: Double
    /// Whether the claim ends (false: only the cursor moves; the request goes on).
    public var release: Bool
    /// Instead of ending the claim, keep it until then: the dispatcher goes on with the
    /// endpoint's next request at once (after a 2xx), without claiming it again.
    public var holdUntil: Double?

    public init(
        id: String, owner: String, from: EventCursor, to: EventCursor?, attempt: WebhookAttempt?, failures: Int, nextAt: Double,
        disable: String?, now: Double, release: Bool = true, holdUntil: Double? = nil
    ) {
        self.release = release
        self.holdUntil = holdUntil
        self.id = id
        self.owner = owner
        self.from = from
        self.to = to
        self.attempt = attempt
        self.failures = failures
        self.nextAt = nextAt
        self.disable = disable
        self.now = now
    }
}
