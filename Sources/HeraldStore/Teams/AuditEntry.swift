import Foundation
import HeraldShared

/// Who did something to an app: a person signed in to the console (by e-mail), or a
/// server key (by id and name; the app's first server key is `server`).
public struct AuditActor: Sendable, Hashable {
    public enum Kind: String, Sendable { case member, key }
    public var kind: Kind
    /// The member's e-mail, or the key's id.
    public var id: String
    /// The key's name (members have none).
    public var name: String?

    public init(kind: Kind, id: String, name: String? = nil) {
        self.kind = kind
        self.id = id
        self.name = name
    }

    public static func member(_ email: String) -> AuditActor { AuditActor(kind: .member, id: email) }
    public static func key(id: String, name: String) -> AuditActor { AuditActor(kind: .key, id: id, name: name) }

    /// `{"type": "member", "email"}` or `{"type": "key", "id", "name"}`.
    public var json: JSONValue {
        switch kind {
        case .member: ["type": "member", "email": .string(id)]
        case .key: ["type": "key", "id": .string(id), "name": .string(name ?? id)]
        }
    }
}

/// One line of an app's audit log: who, what, to which thing, from where, whether it was
/// done or refused, and why (a refusal's reason). Never edited once written; pruned only
/// past the retention (`herald serve --audit-retention`).
public struct AuditEntry: Sendable, Hashable {
    public enum Outcome: String, Sendable { case ok, denied }

    /// The log's order (each entry's id is derived from it: `aud_` and base 36).
    public var seq: Int
    public var appID: String
    /// Seconds since 1970.
    public var at: Double
    public var actor: AuditActor
    /// `publish.create`, `key.revoke`, … (docs/gateway.md lists them).
    public var action: String
    /// The thing acted on: a publish's id, a device's, a user's, a key's, a member's e-mail.
    public var target: String?
    /// The client address the request came from (the forwarded one behind a trusted proxy).
    public var address: String?
    public var outcome: Outcome
    public var detail: String?

    public init(
        seq: Int = 0, appID: String, at: Double, actor: AuditActor, action: String, target: String?, address: String?,
        outcome: Outcome, detail: String? = nil
    ) {
        self.seq = seq
        self.appID = appID
        self.at = at
        self.actor = actor
        self.action = action
        self.target = target
        self.address = address
        self.outcome = outcome
        self.detail = detail
    }

    public static let idPrefix = "aud_"

    public var id: String { Self.idPrefix + String(seq, radix: 36) }

    /// The seq of an entry id; nil when it is none.
    public static func seq(of id: String) -> Int? {
        guard id.hasPrefix(idPrefix), id.count <= idPrefix.count + 13 else { return nil }
        return Int(id.dropFirst(idPrefix.count), radix: 36).flatMap { $0 >= 0 ? $0 : nil }
    }

    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(id), "at": .string(RFC3339.string(at)), "actor": actor.json, "action": .string(action),
            "outcome": .string(outcome.rawValue),
        ]
        object["target"] = target.map(JSONValue.string) ?? .null
        object["address"] = address.map(JSONValue.string) ?? .null
        if let detail { object["detail"] = .string(detail) }
        return .object(object)
    }
}

/// A page of an app's audit log: entries after `after` (oldest first), or before `before`
/// (newest first; the newest when neither is given), narrowed to one actor (an e-mail or
/// a key id) and one action (exact, or a prefix ending in `.`: `publish.`).
public struct AuditQuery: Sendable, Hashable {
    public var after: Int?
    public var before: Int?
    public var actor: String?
    public var action: String?
    public var limit: Int

    public init(after: Int? = nil, before: Int? = nil, actor: String? = nil, action: String? = nil, limit: Int = 100) {
        self.after = after
        self.before = before
        self.actor = actor
        self.action = action
        self.limit = limit
    }
}
