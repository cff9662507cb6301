/// What the console looks a device up by.
public enum DeviceLookup: Sendable, Hashable {
    /// The APNs token (hex, any case), or an FCM registration token (as registered).
    case token(String)
    case deviceID(String)
    case user(String)
    case interest(String)
    /// Every device of the app whose id sorts after this one (`""` for the first), in id
    /// order: the pages of `herald app export-devices`.
    case after(String)
}

/// One delivery of a publish to one device, as the console shows it.
public struct DeliveryTrace: Sendable, Hashable {
    public var publishID: String
    /// `nil` for a `tokens` publish to a token no device has.
    public var deviceID: String?
    public var token: String
    /// `pending`, `sending`, `sent`, `failed`, `invalidated`, `cancelled` or `capped`.
    public var state: String
    /// APNs' reason (or the gateway's) for a failure or the last retry.
    public var reason: String?
    /// Seconds since 1970 of the delivery's last change.
    public var updatedAt: Double

    /// The name of a stored delivery state.
    static func stateName(_ raw: Int) -> String { DeliveryState(rawValue: raw)?.name ?? "unknown" }

    /// The stored states of a delivery that did not reach APNs' acceptance for good.
    static let failedStates = "\(DeliveryState.failed.rawValue), \(DeliveryState.invalidated.rawValue)"
}

/// How many of the app's latest publishes a device's last deliveries are looked for in:
/// the lookup then uses the deliveries' (publish, token) index instead of a table scan.
public let deviceDeliveriesPublishWindow = 50
