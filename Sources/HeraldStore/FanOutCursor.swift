import HeraldShared

/// Where a publish's fan-out stands, kept in its row so that a restart resumes there: the
/// target key it is on and, within an interest's or a user's devices, the last device seq
/// done. Both stores move it the same way; only how a page becomes deliveries is theirs.
struct FanOutCursor {
    var keyIndex: Int
    var afterSeq: Int

    /// One page of a key's devices turned into deliveries.
    struct Page {
        /// Devices (or tokens) the page looked at.
        var scanned: Int
        /// The last device's seq, for a page of an interest's or a user's devices (which may
        /// have more behind it); nil for a `devices` or `tokens` key (one lookup, done).
        var last: Int?
        /// Deliveries that were new.
        var created: Int
        /// The new ones, when the page was claimed (`FanOutPageRequest.claimedBy`).
        var claimed: [ClaimedDelivery] = []
    }

    /// Moves through `keys` until about `limit` devices were looked at; `page(key,
    /// afterSeq, limit)` makes the deliveries of one page. How many deliveries were made.
    mutating func step(keys: [String], limit: Int, page: (String, Int, Int) throws -> Page) throws -> Int {
        var remaining = max(1, limit)
        var created = 0
        while keyIndex < keys.count, remaining > 0 {
            let asked = remaining
            let done = try page(keys[keyIndex], afterSeq, asked)
            created += done.created
            remaining -= max(1, done.scanned)
            // A full page may have more behind it: stay on this key, after the last device.
            if let last = done.last, done.scanned == asked {
                afterSeq = last
            } else {
                keyIndex += 1
                afterSeq = 0
            }
        }
        return created
    }

    /// One step for a publish whose target is `kind`: an interest's or a user's devices a
    /// page at a time through `page(key, afterSeq, limit)`; a `devices` or `tokens` key
    /// through `targets(key)`, each target through `deliver` (1 when its delivery is new).
    mutating func step(
        kind: String, keys: [String], limit: Int, page: (String, Int, Int) throws -> Page, targets: (String) throws -> [FanOutTarget],
        deliver: (FanOutTarget) throws -> Int
    ) throws -> Int {
        try step(keys: keys, limit: limit) { key, afterSeq, limit in
            guard !Self.isPaged(kind) else { return try page(key, afterSeq, limit) }
            let found = try targets(key)
            return Page(scanned: found.count, last: nil, created: try found.reduce(0) { $0 + (try deliver($1)) })
        }
    }

    /// Every key is done.
    func finished(_ keys: [String]) -> Bool { keyIndex >= keys.count }

    /// Whether a target kind is paged by device seq (`interests`, `users`, `app`, and
    /// push-to-start to them) rather than looked up key by key (`devices`, `tokens`, `activities`).
    static func isPaged(_ kind: String) -> Bool { ["interests", "users", "app"].contains(devicesKind(kind)) }

    /// The kind of devices a target names: a push-to-start target's devices, else the kind itself.
    static func devicesKind(_ kind: String) -> String {
        kind.hasPrefix(PublishTarget.pushToStartPrefix) ? String(kind.dropFirst(PublishTarget.pushToStartPrefix.count)) : kind
    }
}

/// The device a `devices`, `tokens` or `activities` key names, as a fan-out step delivers to it.
struct FanOutTarget {
    /// The registered device's seq; nil for a raw token no device has.
    var seq: Int?
    var token: String
    var environment: String
    /// Set for a registered token APNs declared dead: its delivery is final at once,
    /// counted as invalidated with this reason, and never sent.
    var invalidReason: String?
    /// The push service the token is for: a raw token's and a channel's are APNs'.
    var platform: PushPlatform = .apns
    /// The device's time zone (a local-time publish's instant).
    var timeZone: String?
}
