import Foundation
import HeraldAPNsModel
import HeraldShared
import HeraldPayload

/// The simulator's broadcast side: the channel management API and broadcasts to a
/// channel, answered as APNs documents them, with APNs' reasons.
///
/// - `POST /1/apps/<bundle id>/channels`, body `{"message-storage-policy": 0|1,
///   "push-type": "LiveActivity"}`: 201 with `apns-channel-id`.
/// - `GET` / `DELETE /1/apps/<bundle id>/channels` with `apns-channel-id`: 200 with
///   `{"message-storage-policy", "push-type"}` / 204.
/// - `GET /1/apps/<bundle id>/all-channels`: 200 with `{"channels": [ids]}`.
/// - `POST /4/broadcasts/apps/<bundle id>` with `apns-channel-id`: 200, recorded.
///
/// Channels belong to one bundle id. Used on the server thread only.
final class ChannelDesk {
    private var channels: [String: [(id: String, policy: Int)]] = [:]
    private var made = 0
    private let maxChannels: Int
    private let parser = JSONParser(maxDepth: 64)

    init(maxChannels: Int) {
        self.maxChannels = maxChannels
    }

    /// Whether `path` is the channel API's or a broadcast's.
    static func handles(_ path: String) -> Bool {
        path.hasPrefix("/1/apps/") || path.hasPrefix("/4/broadcasts/apps/")
    }

    /// The answer to an authorized request whose path `handles`.
    func answer(_ request: SimulatorRequest) -> SimulatorVerdict {
        let path = request.path ?? ""
        let method = request.method ?? ""
        if path.hasPrefix("/4/broadcasts/apps/") {
            let app = String(path.dropFirst("/4/broadcasts/apps/".count))
            guard Self.isBundleID(app) else { return .reject(status: 404, reason: "BadPath") }
            guard method == "POST" else { return .reject(status: 405, reason: "MethodNotAllowed") }
            return broadcast(request, app: app)
        }
        let parts = path.dropFirst("/1/apps/".count).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, Self.isBundleID(parts[0]) else { return .reject(status: 404, reason: "BadPath") }
        switch (parts[1], method) {
        case ("channels", "POST"): return create(request, app: parts[0])
        case ("channels", "GET"), ("channels", "DELETE"):
            let found = channel(request, app: parts[0])
            guard case .success(let index) = found else {
                if case .failure(let rejection) = found { return rejection.verdict }
                return .reject(status: 500, reason: "InternalServerError")
            }
            if method == "DELETE" {
                channels[parts[0]]?.remove(at: index)
                return .answer(status: 204, headers: requestID(request), body: nil)
            }
            let policy = channels[parts[0]]?[index].policy ?? 0
            return json(200, request, ["message-storage-policy": .int(policy), "push-type": .string(APNSChannel.pushType)])
        case ("all-channels", "GET"):
            return json(200, request, ["channels": .array((channels[parts[0]] ?? []).map { .string($0.id) })])
        case ("channels", _), ("all-channels", _):
            return .reject(status: 405, reason: "MethodNotAllowed")
        default:
            return .reject(status: 404, reason: "BadPath")
        }
    }

    private func create(_ request: SimulatorRequest, app: String) -> SimulatorVerdict {
        guard !request.body.isEmpty else { return .reject(status: 400, reason: "PayloadEmpty") }
        guard let body = (try? parser.parse(request.body))?.objectValue else { return .reject(status: 400, reason: "BadPayload") }
        guard let pushType = body["push-type"]?.stringValue else { return .reject(status: 400, reason: "MissingPushType") }
        guard pushType.lowercased() == APNSChannel.pushType.lowercased() else { return .reject(status: 400, reason: "InvalidPushType") }
        guard let policy = body["message-storage-policy"]?.intValue, [0, 1].contains(policy) else {
            return .reject(status: 400, reason: "BadPayload")
        }
        guard (channels[app]?.count ?? 0) < maxChannels else { return .reject(status: 400, reason: "CannotCreateChannelConfig") }
        made += 1
        let id = Data("herald-sim-channel-\(made)-\(UUID().uuidString.prefix(8))".utf8).base64EncodedString()
        channels[app, default: []].append((id, policy))
        return .answer(status: 201, headers: [("apns-channel-id", id)] + requestID(request), body: nil)
    }

    private func broadcast(_ request: SimulatorRequest, app: String) -> SimulatorVerdict {
        let found = channel(request, app: app)
        guard case .success = found else {
            if case .failure(let rejection) = found { return rejection.verdict }
            return .reject(status: 500, reason: "InternalServerError")
        }
        guard let pushType = request.value("apns-push-type") else { return .reject(status: 400, reason: "MissingPushType") }
        guard pushType.lowercased() == PushType.liveActivity.rawValue else { return .reject(status: 400, reason: "InvalidPushType") }
        var priority = PushType.liveActivity.defaultPriority
        if let text = request.value("apns-priority") {
            guard let value = Int(text), PushType.liveActivity.priorityProblem(value) == nil else { return .reject(status: 400, reason: "BadPriority") }
            priority = value
        }
        var expiration: Int?
        if let text = request.value("apns-expiration") {
            guard let value = Int(text), value >= 0 else { return .reject(status: 400, reason: "BadExpirationDate") }
            expiration = value
        }
        var id = UUID().uuidString.lowercased()
        if let text = request.value("apns-request-id") {
            guard UUID(uuidString: text) != nil else { return .reject(status: 400, reason: "BadMessageId") }
            id = text.lowercased()
        }
        if request.body.isEmpty && !request.bodyTooLarge { return .reject(status: 400, reason: "PayloadEmpty") }
        if request.bodyTooLarge || request.body.count > PushType.liveActivity.maxPayloadBytes {
            return .reject(status: 413, reason: "PayloadTooLarge")
        }
        guard (try? parser.parse(request.body))?.objectValue != nil else { return .reject(status: 400, reason: "BadPayload") }
        return .accept(
            RecordedNotification(
                token: "", topic: app, pushType: pushType.lowercased(), priority: priority, expiration: expiration, collapseID: nil,
                apnsID: id, payload: request.body, channelID: request.value("apns-channel-id")))
    }

    /// A rejection, carried through `Result`.
    private struct Rejection: Error {
        var verdict: SimulatorVerdict
    }

    /// The index of the channel `apns-channel-id` names, or why there is none.
    private func channel(_ request: SimulatorRequest, app: String) -> Result<Int, Rejection> {
        guard let id = request.value("apns-channel-id"), !id.isEmpty else {
            return .failure(Rejection(verdict: .reject(status: 400, reason: "MissingChannelId")))
        }
        guard id.utf8.count <= 256, Data(base64Encoded: id) != nil else {
            return .failure(Rejection(verdict: .reject(status: 400, reason: "BadChannelId")))
        }
        guard let index = channels[app]?.firstIndex(where: { $0.id == id }) else {
            return .failure(Rejection(verdict: .reject(status: 400, reason: "ChannelNotRegistered")))
        }
        return .success(index)
    }

    private func requestID(_ request: SimulatorRequest) -> [(String, String)] {
        [("apns-request-id", request.value("apns-request-id") ?? UUID().uuidString.lowercased())]
    }

    private func json(_ status: Int, _ request: SimulatorRequest, _ object: [String: JSONValue]) -> SimulatorVerdict {
        .answer(status: status, headers: requestID(request), body: Array(JSONWriter.serialize(.object(object)).utf8))
    }

    private static func isBundleID(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7f && $0 != 0x2F }
    }
}
