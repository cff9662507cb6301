import HeraldShared
import HeraldPayload

/// One Live Activity update (or end) for every device subscribed to a channel, checked
/// and ready to send: `POST /4/broadcasts/apps/<bundle id>` with `apns-channel-id`.
///
/// Built only through `init`, which refuses what APNs would refuse: a channel id that
/// is not base64, a priority other than 10 or 5, and payloads with lint errors for
/// the `liveactivity` push type. A broadcast cannot start an activity: devices start
/// it by push-to-start and subscribe with `input-push-channel`.
public struct APNSBroadcastRequest: Sendable, Hashable {
    public let channelID: String
    /// The app's bundle id (the path names it; no topic header is sent).
    public let bundleID: String
    public let priority: APNSPriority
    /// `apns-expiration` in Unix seconds; `nil` lets APNs choose.
    public let expiration: Int?
    /// `apns-request-id` (lowercase UUID); `nil` lets APNs make one.
    public let requestID: String?
    /// The payload as compact JSON bytes.
    public let payload: [UInt8]
    /// Lint warnings about the payload.
    public let warnings: [LintIssue]

    public init(
        channelID: String, payload: JSONValue, bundleID: String, priority: APNSPriority = .immediate, expiration: Int? = nil,
        requestID: String? = nil, linter: PayloadLinter = .standard
    ) throws(APNSRequestError) {
        self.channelID = try APNSChannel.checkID(channelID)
        self.bundleID = try APNSBroadcastRequest.checkBundleID(bundleID)
        if let problem = PushType.liveActivity.priorityProblem(priority.rawValue) { throw APNSRequestError("priority", problem) }
        self.priority = priority
        if let expiration, expiration < 0 {
            throw APNSRequestError("expiration", "\(expiration) is negative; give Unix seconds, or 0 to try once and never store")
        }
        self.expiration = expiration
        self.requestID = try requestID.map { (id: String) throws(APNSRequestError) -> String in try APNSRequest.checkUUID(id) }
        if payload["aps"]?["event"]?.stringValue == LiveActivityEvent.start.rawValue {
            throw APNSRequestError(
                "aps.event",
                "a broadcast cannot start a Live Activity; start it on each device by push-to-start with \"input-push-channel\", then update or end it on the channel")
        }
        warnings = try APNSRequest.checkPayload(payload, pushType: .liveActivity, linter: linter)
        self.payload = Array(JSONWriter.serialize(payload).utf8)
    }

    /// `:path` of the request.
    public var path: String { "/4/broadcasts/apps/" + bundleID }

    /// The `apns-*` headers, in a stable order.
    public var headers: [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = [
            ("apns-channel-id", channelID), ("apns-push-type", PushType.liveActivity.rawValue), ("apns-priority", priority.description),
        ]
        if let expiration { headers.append(("apns-expiration", String(expiration))) }
        if let requestID { headers.append(("apns-request-id", requestID)) }
        return headers
    }

    /// The plain bundle id: a push type's suffix is taken off (the path wants the app).
    package static func checkBundleID(_ text: String) throws(APNSRequestError) -> String {
        let topic = try APNSRequest.topic(text, pushType: .liveActivity)
        return String(topic.dropLast(PushType.liveActivity.topicSuffix.count))
    }

    public static func == (a: APNSBroadcastRequest, b: APNSBroadcastRequest) -> Bool {
        a.channelID == b.channelID && a.bundleID == b.bundleID && a.priority == b.priority && a.expiration == b.expiration
            && a.requestID == b.requestID && a.payload == b.payload
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(channelID)
        hasher.combine(payload)
    }
}
