import HeraldShared
import HeraldStore

/// Whether a device is inside a publish's target, judged on the device as it is now, and
/// through what: the interests it shares with the target, its user, its id or token.
enum TargetMembership: Equatable {
    /// Inside, with `via`: `{"kind", "keys"}` (the keys that reach it).
    case member(kind: String, keys: [String])
    /// Outside, and why in words.
    case outside(String)
    /// Herald cannot know (a channel's broadcast reaches whoever listens on it).
    case unknowable(String)

    static func of(_ target: PublishTarget, _ device: DeviceFacts) -> TargetMembership {
        let record = device.record
        switch target {
        case .app:
            return .member(kind: "app", keys: [])
        case .devices(let ids):
            return ids.contains(record.id) ? .member(kind: "devices", keys: [record.id]) : .outside("it is not one of the publish's \(count(ids, "device"))")
        case .tokens(let tokens), .fcmTokens(let tokens):
            let platform: PushPlatform = target.kind == "tokens" ? .apns : .fcm
            guard record.platform == platform else { return .outside("the publish goes to \(platform.rawValue) tokens and the device is \(record.platform.rawValue)") }
            return tokens.contains(record.token)
                ? .member(kind: target.kind, keys: [record.token]) : .outside("its token is not one of the publish's \(count(tokens, "token"))")
        case .interests(let interests):
            let shared = interests.filter(record.interests.contains)
            guard shared.isEmpty else { return .member(kind: "interests", keys: shared) }
            return .outside("it is not subscribed to \(interests.count == 1 ? "interest" : "any of the interests") \(list(interests)); it has \(record.interests.isEmpty ? "no interests" : list(record.interests))")
        case .users(let users):
            guard let user = record.userID else { return .outside("it has no user; the publish goes to users \(list(users))") }
            return users.contains(user) ? .member(kind: "users", keys: [user]) : .outside("its user \(quoted(user)) is not one of users \(list(users))")
        case .activities(let ids):
            let running = ids.filter { device.activities[$0] == false }
            guard running.isEmpty else { return .member(kind: "activities", keys: running) }
            let ended = ids.filter { device.activities[$0] == true }
            return .outside(ended.isEmpty ? "it runs none of the activities \(list(ids))" : "its activity \(list(ended)) ended")
        case .pushToStart(let type, let devices):
            let inner = of(devices, device)
            guard case .member = inner else { return inner }
            return device.pushToStartTypes.contains(type) ? inner : .outside("it has no push-to-start token for activity type \(quoted(type))")
        case .channels(let ids):
            return .unknowable("a channel publish is one broadcast: APNs delivers it to every Live Activity listening on channel \(list(ids)), which devices do not tell Herald")
        }
    }

    /// `"a", "b"` and, past ten, how many more.
    static func list(_ keys: [String]) -> String {
        let shown = keys.prefix(10).map(quoted).joined(separator: ", ")
        return keys.count > 10 ? "\(shown) and \(keys.count - 10) more" : shown
    }

    static func quoted(_ text: String) -> String { JSONWriter.serialize(.string(text)) }

    private static func count(_ keys: [String], _ noun: String) -> String { "\(keys.count) \(noun)\(keys.count == 1 ? "" : "s")" }
}
