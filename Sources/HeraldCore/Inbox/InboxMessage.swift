/// A message of the inbox the gateway keeps, as `GET …/devices/{id}/inbox` lists it: its
/// content and whether it is read or deleted (a deleted one comes without content).
public struct InboxMessage: Sendable, Hashable {
    public var id: String
    public var title: String?
    public var body: String?
    public var link: String?
    /// Seconds since 1970.
    public var createdAt: Double
    /// When it stops counting as unread; `nil` for never.
    public var expiresAt: Double?
    public var read: Bool
    public var deleted: Bool

    public init(
        id: String, title: String? = nil, body: String? = nil, link: String? = nil, createdAt: Double, expiresAt: Double? = nil,
        read: Bool = false, deleted: Bool = false
    ) {
        self.id = id
        self.title = title
        self.body = body
        self.link = link
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.read = read
        self.deleted = deleted
    }

    /// From the gateway's JSON object (or the inbox log's record of it); `nil` without an
    /// id, a creation time or the read and deleted flags.
    public init?(json: JSONValue) {
        guard let id = json["id"]?.stringValue, !id.isEmpty, let createdAt = json["createdAt"]?.doubleValue,
            let read = json["read"]?.boolValue, let deleted = json["deleted"]?.boolValue
        else { return nil }
        self.init(
            id: id, title: json["title"]?.stringValue, body: json["body"]?.stringValue, link: json["link"]?.stringValue,
            createdAt: createdAt, expiresAt: json["expiresAt"]?.doubleValue, read: read, deleted: deleted)
    }

    /// The inbox log's record: the gateway's fields beside `"op": "server"`.
    var record: JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return [
            "op": "server", "id": .string(id), "title": text(title), "body": text(body), "link": text(link),
            "createdAt": .double(createdAt), "expiresAt": expiresAt.map(JSONValue.double) ?? .null, "read": .bool(read),
            "deleted": .bool(deleted),
        ]
    }
}
