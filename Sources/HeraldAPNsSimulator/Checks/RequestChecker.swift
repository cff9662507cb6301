import Foundation
import HeraldShared
import HeraldPayload

/// Checks one request the way APNs does and gives the answer: path, method, auth,
/// every `apns-*` header, the topic's suffix for the push type, payload size and JSON.
final class RequestChecker {
    private let tokens: TokenVerifier
    private let parser = JSONParser(maxDepth: 64)
    private static let pushTypes = Set(PushType.documented.map(\.rawValue))

    private let channels: ChannelDesk

    init(configuration: APNSSimulatorConfiguration) {
        tokens = TokenVerifier(configuration: configuration)
        channels = ChannelDesk(maxChannels: configuration.maxChannels)
    }

    /// The answer for `request` on a connection authorized by certificate or bound to a key.
    func check(_ request: SimulatorRequest, certificateAuthorized: Bool, boundKeyID: inout String?) -> SimulatorVerdict {
        if let path = request.path, ChannelDesk.handles(path) {
            if !certificateAuthorized, let reason = tokens.check(request.authorization, boundKeyID: &boundKeyID) {
                return .reject(status: 403, reason: reason)
            }
            return channels.answer(request)
        }
        guard request.method == "POST" else { return .reject(status: 405, reason: "MethodNotAllowed") }
        guard let path = request.path, path.hasPrefix("/3/device/") else { return .reject(status: 404, reason: "BadPath") }
        let token = path.dropFirst("/3/device/".count)
        guard !token.isEmpty else { return .reject(status: 400, reason: "MissingDeviceToken") }
        guard token.utf8.count == 64, token.utf8.allSatisfy(Self.isHex) else { return .reject(status: 400, reason: "BadDeviceToken") }
        if !certificateAuthorized {
            if let reason = tokens.check(request.authorization, boundKeyID: &boundKeyID) {
                return .reject(status: 403, reason: reason)
            }
        }
        var seen = Set<String>()
        for header in request.apnsHeaders where !seen.insert(header.name).inserted {
            return .reject(status: 400, reason: "DuplicateHeaders")
        }
        let pushType = request.value("apns-push-type") ?? "alert"
        guard Self.pushTypes.contains(pushType) else { return .reject(status: 400, reason: "InvalidPushType") }
        guard let topic = request.value("apns-topic"), !topic.isEmpty else { return .reject(status: 400, reason: "MissingTopic") }
        let type = PushType(rawValue: pushType)
        guard type.topicProblem(topic) == nil else { return .reject(status: 400, reason: "BadTopic") }
        var priority = type.defaultPriority
        if let text = request.value("apns-priority") {
            guard let value = Int(text), type.priorityProblem(value) == nil else { return .reject(status: 400, reason: "BadPriority") }
            priority = value
        }
        var expiration: Int?
        if let text = request.value("apns-expiration") {
            guard let value = Int(text), value >= 0 else { return .reject(status: 400, reason: "BadExpirationDate") }
            expiration = value
        }
        let collapseID = request.value("apns-collapse-id")
        if let collapseID, collapseID.utf8.count > 64 { return .reject(status: 400, reason: "BadCollapseId") }
        var apnsID = UUID().uuidString.lowercased()
        if let text = request.value("apns-id") {
            guard UUID(uuidString: text) != nil else { return .reject(status: 400, reason: "BadMessageId") }
            apnsID = text.lowercased()
        }
        if request.body.isEmpty && !request.bodyTooLarge { return .reject(status: 400, reason: "PayloadEmpty") }
        let limit = pushType == "voip" ? 5120 : 4096
        if request.bodyTooLarge || request.body.count > limit { return .reject(status: 413, reason: "PayloadTooLarge") }
        guard let payload = try? parser.parse(request.body), payload.objectValue != nil else {
            return .reject(status: 400, reason: "BadPayload")
        }
        return .accept(RecordedNotification(
            token: String(token), topic: topic, pushType: pushType, priority: priority, expiration: expiration,
            collapseID: collapseID, apnsID: apnsID, payload: request.body))
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
    }
}
