import HeraldStore

/// Who is acting with the server's side of an app, and what they may do: a server key
/// (the app's first, with every key scope, or a scoped one) or a person signed in to the
/// console with a role.
public struct ServerCaller: Sendable, Hashable {
    public var actor: AuditActor
    public var scopes: Set<Scope>
    /// The person's role; nil for a key.
    public var role: Role?

    /// The app's first server key (`herald app create`), the id its audit entries carry.
    public static let firstKeyID = "server"
    public static let firstKey = ServerCaller(actor: .key(id: firstKeyID, name: "server key"), scopes: Set(Scope.keyScopes), role: nil)

    public static func key(_ record: APIKeyRecord) -> ServerCaller {
        ServerCaller(actor: .key(id: record.id, name: record.name), scopes: Set(record.scopes.compactMap(Scope.init(rawValue:))), role: nil)
    }

    public static func member(email: String, role: Role) -> ServerCaller {
        ServerCaller(actor: .member(email), scopes: role.scopes, role: role)
    }

    /// The 403 for a route this caller's scopes do not cover; nil when they do.
    func refusal(_ scope: Scope, doing what: String) -> APIError? {
        guard !scopes.contains(scope) else { return nil }
        if let role {
            let roles = Role.roles(with: scope).map(\.rawValue).joined(separator: " or ")
            return APIError(
                403, "forbidden",
                "role \(role.rawValue) may not \(what): that needs the '\(scope.rawValue)' scope, which \(role.rawValue) lacks (\(roles) may); an owner can change your role"
            )
        }
        let has = scopes.sorted().map(\.rawValue).joined(separator: ", ")
        return APIError(
            403, "forbidden",
            "key '\(actor.name ?? actor.id)' (\(actor.id)) may not \(what): that needs the '\(scope.rawValue)' scope and the key has \(has.isEmpty ? "none" : has); make a key with it (POST /v1/apps/{app}/keys)"
        )
    }
}
