/// Who a publish goes to: exactly one kind of target.
public enum PublishTarget: Sendable, Hashable {
    /// Registered device ids of the app.
    case devices([String])
    /// Raw hex device tokens (registered or not).
    case tokens([String])
    /// Every device subscribed to any of these interests (1 to 100).
    case interests([String])
    /// Every device bound to any of these user ids (1 to 1000).
    case users([String])

    /// The wire name: `devices`, `tokens`, `interests`, `users`.
    public var kind: String {
        switch self {
        case .devices: "devices"
        case .tokens: "tokens"
        case .interests: "interests"
        case .users: "users"
        }
    }

    public var keys: [String] {
        switch self {
        case .devices(let keys), .tokens(let keys), .interests(let keys), .users(let keys): keys
        }
    }

    init?(kind: String, keys: [String]) {
        switch kind {
        case "devices": self = .devices(keys)
        case "tokens": self = .tokens(keys)
        case "interests": self = .interests(keys)
        case "users": self = .users(keys)
        default: return nil
        }
    }
}
