import HeraldShared
import HeraldPayload

/// One notification for one device, checked and ready to send.
///
/// Built only through `init(deviceToken:payload:pushType:bundleID:...)`, which
/// refuses what APNs would refuse (bad token, topic, priority, collapse id,
/// `apns-id`, and payloads with lint errors), so a request that exists is sendable.
/// No header value holds a control character: none can end its header or add another.
public struct APNSRequest: Sendable, Hashable {
    /// The device token in lowercase hex.
    public let deviceToken: String
    public let pushType: PushType
    /// `apns-topic`: the bundle id with the suffix the push type needs.
    public let topic: String
    public let priority: APNSPriority
    /// `apns-expiration` in Unix seconds (0: try once, never store); `nil` lets APNs choose.
    public let expiration: Int?
    public let collapseID: String?
    /// `apns-id` (lowercase UUID); `nil` lets APNs make one.
    public let apnsID: String?
    /// The payload as compact JSON bytes.
    public let payload: [UInt8]
    /// Lint warnings about the payload (legal, but probably not what was meant).
    public let warnings: [LintIssue]

    /// Builds and checks a request.
    ///
    /// - Parameters:
    ///   - bundleID: the app's bundle id; the push type's suffix is added unless it is there
    ///     (`com.example.app` becomes `com.example.app.voip` for `.voip`).
    ///   - priority: defaults to 5 for background pushes and 10 for the others.
    public init(
        deviceToken: String, payload: JSONValue, pushType: PushType = .alert, bundleID: String,
        priority: APNSPriority? = nil, expiration: Int? = nil, collapseID: String? = nil, apnsID: String? = nil,
        linter: PayloadLinter = .standard
    ) throws(APNSRequestError) {
        self.deviceToken = try Self.checkToken(deviceToken)
        guard PushType.documented.contains(pushType) else {
            throw APNSRequestError(
                "push type",
                "\"\(pushType)\" is not an APNs push type; use one of \(PushType.documented.map(\.rawValue).joined(separator: ", "))")
        }
        self.pushType = pushType
        self.topic = try Self.topic(bundleID, pushType: pushType)
        let priority = priority ?? APNSPriority(rawValue: pushType.defaultPriority)
        if let problem = pushType.priorityProblem(priority.rawValue) { throw APNSRequestError("priority", problem) }
        self.priority = priority
        if let expiration, expiration < 0 {
            throw APNSRequestError("expiration", "\(expiration) is negative; give Unix seconds, or 0 to try once and never store")
        }
        self.expiration = expiration
        if let collapseID, let problem = APNSHeaderValue.problem(collapseID, maxBytes: 64) {
            throw APNSRequestError("collapse id", problem)
        }
        self.collapseID = collapseID
        self.apnsID = try apnsID.map { (id: String) throws(APNSRequestError) -> String in try Self.checkUUID(id) }
        self.warnings = try Self.checkPayload(payload, pushType: pushType, linter: linter)
        self.payload = Array(JSONWriter.serialize(payload).utf8)
    }

    /// The same notification for another device: payload, push type, topic, priority,
    /// expiration and collapse id were checked when `self` was built and are kept; only
    /// the token and the `apns-id` are checked. A gateway sends one publish to many
    /// devices: it parses and lints the payload once, not once per device.
    public func addressed(to deviceToken: String, apnsID: String? = nil) throws(APNSRequestError) -> APNSRequest {
        try APNSRequest(
            template: self, deviceToken: Self.checkToken(deviceToken),
            apnsID: apnsID.map { (id: String) throws(APNSRequestError) -> String in try Self.checkUUID(id) })
    }

    private init(template: APNSRequest, deviceToken: String, apnsID: String?) {
        self.deviceToken = deviceToken
        self.apnsID = apnsID
        pushType = template.pushType
        topic = template.topic
        priority = template.priority
        expiration = template.expiration
        collapseID = template.collapseID
        payload = template.payload
        warnings = template.warnings
    }

    /// `:path` of the request.
    public var path: String { "/3/device/" + deviceToken }

    /// The `apns-*` headers, in a stable order.
    public var headers: [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = [
            ("apns-push-type", pushType.rawValue), ("apns-topic", topic), ("apns-priority", priority.description),
        ]
        if let expiration { headers.append(("apns-expiration", String(expiration))) }
        if let collapseID { headers.append(("apns-collapse-id", collapseID)) }
        if let apnsID { headers.append(("apns-id", apnsID)) }
        return headers
    }

    public static func == (a: APNSRequest, b: APNSRequest) -> Bool {
        a.deviceToken == b.deviceToken && a.topic == b.topic && a.pushType == b.pushType && a.priority == b.priority
            && a.expiration == b.expiration && a.collapseID == b.collapseID && a.apnsID == b.apnsID && a.payload == b.payload
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(deviceToken)
        hasher.combine(apnsID)
        hasher.combine(payload)
    }
}
