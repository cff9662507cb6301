/// A notification kept in the app's inbox.
public struct InboxItem: Sendable, Hashable {
    public var id: String
    public var threadID: String?
    public var title: String?
    public var body: String?
    public var link: String?
    public var provider: ProviderID
    /// Seconds since 1970.
    public var receivedAt: Double
    public var isRead: Bool
    /// The server's badge number that came with it, if any.
    public var serverBadge: Int?
    /// When it stops counting as unread (a message of the gateway's inbox); `nil` for never.
    public var expiresAt: Double?
    /// A message of the gateway's inbox (synced, or a push marked `herald.inboxMessage`):
    /// the gateway's state rules it, and a sync that does not list it removes it.
    public var inboxMessage: Bool

    public init(
        id: String, threadID: String? = nil, title: String? = nil, body: String? = nil, link: String? = nil,
        provider: ProviderID = .apns, receivedAt: Double, isRead: Bool = false, serverBadge: Int? = nil,
        expiresAt: Double? = nil, inboxMessage: Bool = false
    ) {
        self.id = id
        self.threadID = threadID
        self.title = title
        self.body = body
        self.link = link
        self.provider = provider
        self.receivedAt = receivedAt
        self.isRead = isRead
        self.serverBadge = serverBadge
        self.expiresAt = expiresAt
        self.inboxMessage = inboxMessage
    }

    /// The item for a received notification; `nil` without an id to keep it by.
    public init?(_ notification: PushNotification, at time: Double) {
        guard let id = notification.id else { return nil }
        self.init(
            id: id, threadID: notification.aps.threadID, title: notification.content.title, body: notification.content.body,
            link: notification.link, provider: notification.provider, receivedAt: time, serverBadge: notification.aps.badge,
            inboxMessage: notification.provider == .herald && GatewayClient.isInboxMessagePush(.object(notification.raw)))
    }

    /// The item for a message of the gateway's inbox.
    init(_ message: InboxMessage, read: Bool) {
        self.init(
            id: message.id, title: message.title, body: message.body, link: message.link, provider: .herald,
            receivedAt: message.createdAt, isRead: read, expiresAt: message.expiresAt, inboxMessage: true)
    }

    /// The gateway's content and state win over what the push brought.
    mutating func update(from message: InboxMessage, read: Bool) {
        title = message.title ?? title
        body = message.body ?? body
        link = message.link ?? link
        expiresAt = message.expiresAt
        isRead = read
        inboxMessage = true
    }

    func isExpired(at now: Double) -> Bool { expiresAt.map { $0 <= now } ?? false }

    var json: JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return [
            "op": "add", "id": .string(id), "thread": text(threadID), "title": text(title), "body": text(body),
            "link": text(link), "provider": .string(provider.rawValue), "at": .double(receivedAt), "read": .bool(isRead),
            "badge": serverBadge.map(JSONValue.int) ?? .null, "expires": expiresAt.map(JSONValue.double) ?? .null,
            "inbox": .bool(inboxMessage),
        ]
    }

    init?(json: JSONValue) {
        guard let id = json["id"]?.stringValue, let at = json["at"]?.doubleValue else { return nil }
        self.init(
            id: id, threadID: json["thread"]?.stringValue, title: json["title"]?.stringValue, body: json["body"]?.stringValue,
            link: json["link"]?.stringValue, provider: ProviderID(rawValue: json["provider"]?.stringValue ?? "apns"),
            receivedAt: at, isRead: json["read"]?.boolValue ?? false, serverBadge: json["badge"]?.intValue,
            expiresAt: json["expires"]?.doubleValue, inboxMessage: json["inbox"]?.boolValue ?? false)
    }
}
