import Foundation
import HeraldTestSupport
@testable import HeraldCore

/// The gateway's server-kept inbox of one user, in memory, as the inbox contract (issue
/// #28) describes it: device registration, `GET …/inbox?after=&limit=` by cursor (from the
/// start without deleted messages, `invalid_cursor` for another device's cursor),
/// `POST …/inbox/read` and `…/delete`, a publish or server message, a server delete, and
/// the background sync push queued for the user's other devices after a read or delete.
/// Each device reaches it through its own `Connection`, which can go offline. Time is the
/// test's `VirtualClock`.
@MainActor
final class InboxModelGateway {
    struct Message: Hashable {
        var id: String
        var title: String?
        var createdAt: Double
        var expiresAt: Double?
        var read = false
        var deleted = false
        var sequence: Int
    }

    /// One device's way to the gateway: offline, every request fails as no answer.
    final class Connection: GatewayHTTPTransport, @unchecked Sendable {
        let gateway: InboxModelGateway
        private let offline = Locked(false)

        init(gateway: InboxModelGateway) { self.gateway = gateway }

        var isOffline: Bool {
            get { offline.current }
            set { offline.withLock { $0 = newValue } }
        }

        func send(_ request: GatewayHTTPRequest) async throws -> GatewayHTTPResponse {
            if isOffline { throw URLError(.notConnectedToInternet) }
            return await gateway.handle(request)
        }
    }

    private let clock: VirtualClock
    private var messages: [String: Message] = [:]
    private var sequence = 0
    private var devices: Set<String> = []
    /// Devices owed a background sync push (one per burst).
    private var owed: Set<String> = []
    /// Requests as `METHOD path?query`, to see what was sent.
    private(set) var requests: [String] = []

    init(clock: VirtualClock) { self.clock = clock }

    // MARK: The server API and what the test looks at

    /// A publish with `"inbox": true` (or a message added by the server API).
    func addMessage(_ id: String, title: String? = nil, expiresAt: Double? = nil) {
        sequence += 1
        messages[id] = Message(id: id, title: title ?? "T \(id)", createdAt: clock.now, expiresAt: expiresAt, sequence: sequence)
    }

    /// `DELETE …/users/{user}/inbox/{message}`: every device's cursor brings the deletion.
    func deleteMessage(_ id: String) {
        if change(id, { $0.deleted = true }) { owed.formUnion(devices) }
    }

    /// The messages a device must show: not deleted, with their read flag.
    var visible: [String: Bool] {
        Dictionary(uniqueKeysWithValues: messages.values.filter { !$0.deleted }.map { ($0.id, $0.read) })
    }

    var unread: Int { unreadNow() }

    /// The background pushes owed to `device` since the last take (at most one).
    func takeSyncPush(for device: String) -> JSONValue? {
        guard owed.remove(device) != nil else { return nil }
        return ["aps": ["content-available": 1], "herald": ["publishId": "pub_sync", "inbox": ["unread": .int(unreadNow())]]]
    }

    /// Whether the message is read (`nil` when unknown or deleted).
    func isRead(_ id: String) -> Bool? { messages[id].flatMap { $0.deleted ? nil : $0.read } }

    // MARK: The device API

    fileprivate func handle(_ request: GatewayHTTPRequest) -> GatewayHTTPResponse {
        let path = request.url.path.replacingOccurrences(of: "/v1/apps/app_1/", with: "")
        requests.append("\(request.method) \(path)" + (request.url.query.map { "?" + $0 } ?? ""))
        let body = (try? JSONParser().parse(request.body ?? Data())) ?? .null
        if request.method == "POST", path == "devices" {
            let device = "dev_" + (body["token"]?.stringValue?.prefix(4) ?? "")
            devices.insert(device)
            return Self.answer(201, ["deviceId": .string(device), "deviceKey": .string("hdk_" + device)])
        }
        let parts = path.split(separator: "/").map(String.init)
        if request.method == "PUT", parts.count == 3, parts[0] == "devices", devices.contains(parts[1]), parts[2] == "user" {
            return Self.answer(200, ["deviceId": .string(parts[1])])
        }
        guard parts.count >= 3, parts[0] == "devices", devices.contains(parts[1]), parts[2] == "inbox" else {
            return Self.error(404, "not_found")
        }
        let device = parts[1]
        guard request.headers["Authorization"] == "Bearer hdk_\(device)" else { return Self.error(401, "unauthorized") }
        switch (request.method, parts.count > 3 ? parts[3] : "") {
        case ("GET", ""):
            return list(device, query: request.url.query ?? "")
        case ("POST", let action) where action == "read" || action == "delete":
            var changed = 0
            var unknown: [JSONValue] = []
            for id in InboxState.ids(body["ids"]) {
                guard let message = messages[id], !message.deleted else {
                    unknown.append(.string(id))
                    continue
                }
                if change(id, { action == "read" ? ($0.read = true) : ($0.deleted = true) }) { changed += 1 }
            }
            if changed > 0 { owed.formUnion(devices.subtracting([device])) }
            return Self.answer(200, ["changed": .int(changed), "unknown": .array(unknown), "unread": .int(unreadNow())])
        default:
            return Self.error(404, "not_found")
        }
    }

    private func list(_ device: String, query: String) -> GatewayHTTPResponse {
        var fields: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
            if kv.count == 2 { fields[kv[0]] = kv[1] }
        }
        let limit = Int(fields["limit"] ?? "100") ?? 100
        var after: Int?
        if let cursor = fields["after"] {
            let prefix = "ic1_\(device)_"
            guard cursor.hasPrefix(prefix), let value = Int(cursor.dropFirst(prefix.count)) else {
                return Self.error(400, "invalid_cursor")
            }
            after = value
        }
        let changes = messages.values.filter { message in after.map { message.sequence > $0 } ?? !message.deleted }
            .sorted { $0.sequence < $1.sequence }
        let page = changes.prefix(limit)
        let more = changes.count > page.count
        let last = more ? (page.last?.sequence ?? 0) : sequence
        let objects: [JSONValue] = page.map { message -> JSONValue in
            if message.deleted {
                return ["id": .string(message.id), "read": .bool(message.read), "deleted": true, "createdAt": .double(message.createdAt)]
            }
            return [
                "id": .string(message.id), "title": message.title.map(JSONValue.string) ?? .null, "body": .null, "link": .null,
                "data": .null, "createdAt": .double(message.createdAt), "expiresAt": message.expiresAt.map(JSONValue.double) ?? .null,
                "read": .bool(message.read), "deleted": false,
            ]
        }
        return Self.answer(
            200, ["messages": .array(objects), "unread": .int(unreadNow()), "cursor": .string("ic1_\(device)_\(last)"), "more": .bool(more)])
    }

    /// Applies `body` to a message; a change takes the next sequence. Whether it changed.
    private func change(_ id: String, _ body: (inout Message) -> Void) -> Bool {
        guard var message = messages[id], !message.deleted else { return false }
        let before = message
        body(&message)
        guard message != before else { return false }
        sequence += 1
        message.sequence = sequence
        messages[id] = message
        return true
    }

    private func unreadNow() -> Int {
        let time = clock.now
        return messages.values.filter { !$0.read && !$0.deleted && ($0.expiresAt.map { $0 > time } ?? true) }.count
    }

    private static func answer(_ status: Int, _ value: JSONValue) -> GatewayHTTPResponse {
        GatewayHTTPResponse(status: status, body: Data(JSONWriter.serialize(value).utf8))
    }

    private static func error(_ status: Int, _ code: String) -> GatewayHTTPResponse {
        answer(status, ["error": ["code": .string(code), "message": .string("\(code) (model gateway)")]])
    }
}

extension PushNotification {
    /// A push of a publish that keeps an inbox message (the gateway marks it `herald.inboxMessage`).
    static func inboxPush(_ id: String, title: String? = nil, badge: Int? = nil) -> PushNotification {
        PushNotification(
            provider: .herald, id: id, aps: APS(badge: badge), content: AlertContent(title: title),
            raw: ["herald": ["publishId": .string(id), "inboxMessage": true]])
    }
}
