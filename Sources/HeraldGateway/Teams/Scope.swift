/// What a caller with the server's side of an app may do, one capability per scope: a
/// scoped server key carries some of the first six; a person's role carries a set of them
/// (`Role`). Every route declares the scope it needs (`GatewayAPI.Route.scope`).
public enum Scope: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Publish, cancel, count an audience, lint and preview.
    case publish
    /// Read publishes, statistics, timelines, devices, inboxes, the event feed, settings.
    case read
    /// Act for any device: register, change, delete it, record its receipts.
    case devices
    /// Add and remove inbox messages, mark them read or deleted.
    case inbox
    /// Export and delete a user's data.
    case users
    /// Settings, credentials, keys, webhooks, the audit log.
    case admin
    /// Members and ownership: owners only, never a key.
    case members

    /// The scopes a key may carry (all but `members`); the app's first server key has them all.
    public static let keyScopes: [Scope] = [.publish, .read, .devices, .inbox, .users, .admin]

    public static func < (a: Scope, b: Scope) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// A person's role in one app.
public enum Role: String, Sendable, Hashable, CaseIterable {
    /// Everything, including members and ownership.
    case owner
    /// Everything but members.
    case admin
    /// Publish, cancel, audience counts, lint and preview, inbox writes, and every read.
    case sender
    /// Reads only: publishes, statistics, timelines, devices, inboxes. Nothing that
    /// changes state or tells a secret.
    case viewer

    public var scopes: Set<Scope> {
        switch self {
        case .owner: Set(Scope.allCases)
        case .admin: Set(Scope.keyScopes)
        case .sender: [.publish, .inbox, .read]
        case .viewer: [.read]
        }
    }

    /// The roles that have `scope`, most limited first (for a refusal's advice).
    static func roles(with scope: Scope) -> [Role] {
        allCases.reversed().filter { $0.scopes.contains(scope) }
    }
}
