import HeraldShared

/// The inbox the gateway keeps per user (`user:<id>`), or per device for a device without
/// a user (`InboxOwner`): messages a publish with `inbox` left for everyone it reached, or
/// the server added without a push. Every change of a message's state (added, read,
/// deleted) gives its entry a new value of one increasing sequence per store, which a
/// reader's cursor follows.
public protocol InboxStore: AnyObject, Sendable {
    /// The owner of the inbox device `deviceID` reads: its user's, else its own; `nil`
    /// when the app has no such device.
    func inboxOwner(appID: String, deviceID: String) throws -> InboxOwner?
    /// Up to `limit` entries changed after `after` (a sequence; 0 from the start, when
    /// deleted messages are left out), in sequence order, and the inbox's unread count at `now`.
    func inbox(appID: String, owner: InboxOwner, after: Int, limit: Int, now: Double) throws -> InboxPage
    /// Marks messages read (or deleted): each one changed gets a new sequence; ids the
    /// inbox does not hold come back in `unknown`. When something changed, one background
    /// sync push to the owner's devices is pending (`InboxSync`), except to the device that
    /// made the change (`origin`; nil: the server).
    func changeInbox(appID: String, owner: InboxOwner, ids: [String], _ change: InboxChangeKind, by origin: String?, now: Double) throws
        -> InboxChange
    /// Adds a message without a push; `quotaExceeded` (adding nothing) when the inbox holds
    /// `limit` messages (not deleted) already.
    func addInboxMessage(appID: String, owner: InboxOwner, _ message: InboxMessageRecord, limit: Int) throws
    /// Deletes expired messages, and those created before `before` (nil: none by age), with
    /// their entries: at most `limit` messages; how many went.
    func pruneInbox(now: Double, before: Double?, limit: Int) throws -> Int
}

/// Whose inbox: a user's (`user:<id>`) or one device's (its id).
public struct InboxOwner: Sendable, Hashable {
    /// As stored: `user:<id>`, or the device's id.
    public var key: String

    public static func user(_ id: String) -> InboxOwner { InboxOwner(key: "user:" + id) }
    public static func device(_ id: String) -> InboxOwner { InboxOwner(key: id) }

    public init(key: String) { self.key = key }

    /// The user's id for a user's inbox.
    public var userID: String? { key.hasPrefix("user:") ? String(key.dropFirst(5)) : nil }
}

/// One inbox message's content.
public struct InboxMessageRecord: Sendable, Hashable {
    /// A publish's id for a publish's message; `msg_…` for one the server added.
    public var id: String
    public var title: String?
    public var body: String?
    public var link: String?
    public var data: JSONValue?
    public var createdAt: Double
    public var expiresAt: Double?

    public init(
        id: String, title: String?, body: String?, link: String? = nil, data: JSONValue? = nil, createdAt: Double, expiresAt: Double? = nil
    ) {
        self.id = id
        self.title = title
        self.body = body
        self.link = link
        self.data = data
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

/// What a publish keeps in the inbox of everyone it reaches: its content (the store gives
/// it the publish's id), and how many messages an inbox may hold before it is skipped.
public struct PublishInbox: Sendable, Hashable {
    public var title: String?
    public var body: String?
    public var link: String?
    public var data: JSONValue?
    public var expiresAt: Double?
    /// `DeviceQuota.inboxMessagesPerUser` when the publish was made.
    public var limit: Int

    public init(title: String?, body: String?, link: String?, data: JSONValue?, expiresAt: Double?, limit: Int) {
        self.title = title
        self.body = body
        self.link = link
        self.data = data
        self.expiresAt = expiresAt
        self.limit = limit
    }
}

/// One message in an inbox: its content (kept for a deleted one too; the API leaves it out)
/// and state, and the sequence of its last change.
public struct InboxEntry: Sendable, Hashable {
    public var message: InboxMessageRecord
    public var read: Bool
    public var deleted: Bool
    public var seq: Int
}

/// A page of an inbox's changes.
public struct InboxPage: Sendable, Hashable {
    public var entries: [InboxEntry]
    /// Messages not read, not deleted and not expired, now.
    public var unread: Int
    /// The sequence to read after next time (the page's last, or the one asked after).
    public var last: Int
    /// More changes follow the page.
    public var more: Bool
}

/// Read or delete.
public enum InboxChangeKind: String, Sendable, Hashable {
    case read, delete
}

/// What a read or delete did.
public struct InboxChange: Sendable, Hashable {
    public var changed: Int
    /// Ids the inbox does not hold, in the order given.
    public var unknown: [String]
    public var unread: Int
}

extension InboxStore {
    /// A change the server made (no device has it yet).
    public func changeInbox(appID: String, owner: InboxOwner, ids: [String], _ change: InboxChangeKind, now: Double) throws -> InboxChange {
        try changeInbox(appID: appID, owner: owner, ids: ids, change, by: nil, now: now)
    }
}
