/// Who a publish goes to: exactly one kind of target.
public indirect enum PublishTarget: Sendable, Hashable {
    /// Registered device ids of the app.
    case devices([String])
    /// Raw hex device tokens (registered or not).
    case tokens([String])
    /// Raw FCM registration tokens (registered or not): Android devices.
    case fcmTokens([String])
    /// Every device subscribed to any of these interests (1 to 100).
    case interests([String])
    /// Every device bound to any of these user ids (1 to 1000).
    case users([String])
    /// Live Activity updates and ends: the update token of each of these activity ids, on
    /// every device where the activity runs (not ended).
    case activities([String])
    /// Live Activity starts: the push-to-start token for `activityType` of each device that
    /// `devices` names (a `devices`, `users`, `interests` or `app` target).
    case pushToStart(activityType: String, devices: PublishTarget)
    /// Live Activity updates and ends to every device subscribed to this channel (Herald's
    /// channel id; one per publish): one broadcast through APNs.
    case channels([String])
    /// Every device of the app (which a publish's filter narrows): no keys.
    case app

    /// The wire name: `devices`, `tokens`, `fcmTokens`, `interests`, `users`, `activities`, `channels`, `app`; a
    /// push-to-start target is its devices' kind with a `pushToStart.` prefix.
    public var kind: String {
        switch self {
        case .devices: "devices"
        case .tokens: "tokens"
        case .fcmTokens: "fcmTokens"
        case .interests: "interests"
        case .users: "users"
        case .activities: "activities"
        case .channels: "channels"
        case .app: "app"
        case .pushToStart(_, let devices): Self.pushToStartPrefix + devices.kind
        }
    }

    public var keys: [String] {
        switch self {
        case .devices(let keys), .tokens(let keys), .fcmTokens(let keys), .interests(let keys), .users(let keys), .activities(let keys),
            .channels(let keys):
            keys
        case .pushToStart(_, let devices): devices.keys
        case .app: []
        }
    }

    /// The activity type of a push-to-start target.
    public var activityType: String? {
        if case .pushToStart(let type, _) = self { return type }
        return nil
    }

    /// Whether the target takes `liveactivity` pushes only (`activities`, `channels`).
    public var isLiveActivityOnly: Bool {
        switch self {
        case .activities, .channels: true
        default: false
        }
    }

    static let pushToStartPrefix = "pushToStart."

    package init?(kind: String, keys: [String], activityType: String? = nil) {
        switch kind {
        case "devices": self = .devices(keys)
        case "tokens": self = .tokens(keys)
        case "fcmTokens": self = .fcmTokens(keys)
        case "interests": self = .interests(keys)
        case "users": self = .users(keys)
        case "activities": self = .activities(keys)
        case "channels": self = .channels(keys)
        case "app": self = .app
        default:
            guard kind.hasPrefix(Self.pushToStartPrefix), let activityType,
                let devices = PublishTarget(kind: String(kind.dropFirst(Self.pushToStartPrefix.count)), keys: keys),
                ["devices", "users", "interests", "app"].contains(devices.kind)
            else { return nil }
            self = .pushToStart(activityType: activityType, devices: devices)
        }
    }
}
