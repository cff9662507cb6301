import HeraldHTTP
import HeraldShared
import HeraldStore

/// The server-kept inbox (`InboxStore`): a device reads its inbox (its user's, or its own
/// without a user) by cursor and marks messages read or deleted (device key); the server
/// reads a user's inbox, adds a message without a push and takes one back (server key).
extension GatewayAPI {
    /// GET /v1/apps/{app}/devices/{id}/inbox?after=CURSOR&limit=N.
    func getDeviceInbox(_ context: Context) throws -> HTTPResponse {
        let (owner, scope) = try deviceInbox(context)
        return try inboxPage(context, owner: owner, scope: scope)
    }

    /// POST /v1/apps/{app}/devices/{id}/inbox/read and …/inbox/delete: `{"ids": [...]}`.
    func changeDeviceInbox(_ context: Context, _ change: InboxChangeKind) throws -> HTTPResponse {
        let reader = try JSONObjectReader(try body(context))
        try reader.allow(["ids"])
        let ids =
            try reader.strings("ids", required: true, count: 1...Self.maxInboxIDs) { text, field throws(ValidationError) in
                try FieldRules.identifier(text, field)
            } ?? []
        let (owner, _) = try deviceInbox(context)
        // The device that made the change is not sent the sync push: it has the change.
        let result = try store.changeInbox(appID: context.appID, owner: owner, ids: ids, change, by: context.parameters["device"], now: now())
        if result.changed > 0 { onPublish() }
        return .json(
            200, ["changed": .int(result.changed), "unknown": .array(result.unknown.map(JSONValue.string)), "unread": .int(result.unread)])
    }

    /// GET /v1/apps/{app}/users/{user}/inbox?after=CURSOR&limit=N: as the device's.
    func getUserInbox(_ context: Context) throws -> HTTPResponse {
        let userID = try Self.userID(context)
        return try inboxPage(context, owner: .user(userID), scope: "\(context.appID)/user:\(userID)")
    }

    /// POST /v1/apps/{app}/users/{user}/inbox: a message without a push; 201 `{"id"}`,
    /// 409 `quota_exceeded` when the inbox is full.
    func addUserInbox(_ context: Context) throws -> HTTPResponse {
        let userID = try Self.userID(context)
        let now = now()
        let content = try InboxFields.content(try JSONObjectReader(try body(context)), now: now)
        let message = InboxMessageRecord(
            id: Identifier.ordered("msg_", at: now), title: content.title, body: content.body, link: content.link, data: content.data,
            createdAt: now,
            expiresAt: content.expiresAt)
        try store.addInboxMessage(appID: context.appID, owner: .user(userID), message, limit: quota.inboxMessagesPerUser)
        return .json(201, ["id": .string(message.id)])
    }

    /// DELETE /v1/apps/{app}/users/{user}/inbox/{message}: 204; marked deleted, so every
    /// device's next sync brings the deletion.
    func deleteUserInbox(_ context: Context) throws -> HTTPResponse {
        let userID = try Self.userID(context)
        let id = context.parameters["message"] ?? ""
        try FieldRules.identifier(id, "message")
        let result = try store.changeInbox(appID: context.appID, owner: .user(userID), ids: [id], .delete, now: now())
        guard result.unknown.isEmpty else {
            throw APIError.notFound("no message \(id) in the inbox of user \(userID) of app \(context.appID)")
        }
        if result.changed > 0 { onPublish() }
        return HTTPResponse(status: 204)
    }

    /// Most ids one read or delete names.
    static let maxInboxIDs = 500

    /// The inbox of the path's device, and the scope of its cursors: the device's id and
    /// the inbox's owner, so a cursor read while the device had one user is refused once it
    /// has another (or none): it would skip the new owner's older messages.
    private func deviceInbox(_ context: Context) throws -> (InboxOwner, String) {
        let id = context.parameters["device"] ?? ""
        guard let owner = try store.inboxOwner(appID: context.appID, deviceID: id) else { throw Self.noDevice(id, context.appID) }
        return (owner, id + " " + owner.key)
    }

    /// A page of at most `limit` messages and about `maxInboxPageBytes` of them (always at
    /// least one): the longest messages allowed are 60 KB of JSON each, so a count alone
    /// would let 500 of them make a 30 MB answer; past the bytes, `more` says to go on from
    /// the page's cursor. The store is read `inboxReadChunk` messages at a time, so a
    /// request holds no more of them than the page needs.
    private func inboxPage(_ context: Context, owner: InboxOwner, scope: String) throws -> HTTPResponse {
        let query = context.request.queryItems
        let limit = try Self.limit(query, default: 100, max: 500)
        var last = try InboxCursor.decode(query["after"], scope: scope)
        var messages: [JSONValue] = []
        var (bytes, unread, more, full) = (0, 0, false, false)
        repeat {
            let page = try store.inbox(
                appID: context.appID, owner: owner, after: last, limit: min(Self.inboxReadChunk, limit - messages.count), now: now())
            unread = page.unread
            let before = last
            (last, more) = (page.last, page.more)
            for (index, entry) in page.entries.enumerated() {
                let message = Self.json(entry)
                let size = JSONWriter.compactByteCount(message)
                if !messages.isEmpty, bytes + size > Self.maxInboxPageBytes {
                    // Stop after the previous one: the rest comes with the next page.
                    (last, more, full) = (index > 0 ? page.entries[index - 1].seq : before, true, true)
                    break
                }
                messages.append(message)
                bytes += size
            }
        } while more && !full && messages.count < limit
        return .json(
            200,
            [
                "messages": .array(messages), "unread": .int(unread),
                "cursor": .string(InboxCursor.encode(scope: scope, seq: last)), "more": .bool(more),
            ])
    }

    /// About the most bytes of messages one inbox page holds.
    static let maxInboxPageBytes = 256 << 10
    /// Messages read from the store at a time for one page (a page of the default size is one read).
    static let inboxReadChunk = 100

    /// A message as the API answers it; a deleted one without its content.
    static func json(_ entry: InboxEntry) -> JSONValue {
        let message = entry.message
        var json: [String: JSONValue] = [
            "id": .string(message.id), "read": .bool(entry.read), "deleted": .bool(entry.deleted), "createdAt": .double(message.createdAt),
        ]
        guard !entry.deleted else { return .object(json) }
        json["title"] = message.title.map(JSONValue.string) ?? .null
        json["body"] = message.body.map(JSONValue.string) ?? .null
        json["link"] = message.link.map(JSONValue.string) ?? .null
        json["data"] = message.data ?? .null
        json["expiresAt"] = message.expiresAt.map(JSONValue.double) ?? .null
        return .object(json)
    }
}
