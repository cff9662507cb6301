import HeraldHTTP
import HeraldShared
import HeraldStore

/// Scoped server keys (admin scope): made with a name and scopes and shown once, listed
/// without their secrets, revoked at once on every gateway (docs/gateway.md, "What each
/// key may do").
extension GatewayAPI {
    /// Keys an app may have that are not revoked.
    static let maxKeysPerApp = 100

    /// POST /v1/apps/{app}/keys `{"name", "scopes"}`: 201 `{"id", "key", …}`, the key shown once.
    func createKey(_ context: Context) throws -> HTTPResponse {
        let reader = try JSONObjectReader(try body(context))
        try reader.allow(["name", "scopes"])
        let name = try reader.string("name", required: true, maxLength: 100) ?? ""
        guard !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) else {
            throw ValidationError("name", "has a control character: name the key with printable text (\"ci-backend\")")
        }
        guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw ValidationError("name", "is empty: name the key after what uses it (\"ci-backend\")")
        }
        var seen = Set<Scope>()
        let known = Scope.keyScopes.map(\.rawValue).joined(separator: ", ")
        let scopes = try reader.strings("scopes", required: true, count: 1...Scope.keyScopes.count) { text, field throws(ValidationError) in
            guard let scope = Scope(rawValue: text), Scope.keyScopes.contains(scope) else {
                let why = text == Scope.members.rawValue ? "members are managed by owners, never by a key" : "is no scope"
                throw ValidationError(field, "\"\(text.prefix(40))\" \(why): give some of \(known)")
            }
            guard seen.insert(scope).inserted else { throw ValidationError(field, "\"\(text)\" is given twice") }
        } ?? []
        let key = APIKey.generate(.server)
        let record = APIKeyRecord(
            id: Identifier.make("key_", bytes: 8), appID: context.appID, name: name, scopes: scopes, createdAt: now(),
            createdBy: context.principal?.serverCaller?.actor.id)
        try store.createKey(record, hash: key.hash, limit: Self.maxKeysPerApp)
        var json = Self.keyJSON(record)
        json["key"] = .string(key.secret)
        var response = HTTPResponse.json(201, .object(json))
        response.headers.append(("Cache-Control", "no-store"))
        return response
    }

    /// GET /v1/apps/{app}/keys: `{"keys": [...]}`, revoked ones too, never a secret. The
    /// app's first server key is listed as `server`, with every scope.
    func listKeys(_ context: Context) throws -> HTTPResponse {
        let first: JSONValue = [
            "id": .string(ServerCaller.firstKeyID), "name": "server key", "scopes": .array(Scope.keyScopes.map { .string($0.rawValue) }),
            "createdAt": .double(context.app?.createdAt ?? 0), "createdBy": .null, "lastUsedAt": .null, "revokedAt": .null,
        ]
        let keys = try store.keys(appID: context.appID)
        return .json(200, ["keys": .array([first] + keys.map { .object(Self.keyJSON($0)) })])
    }

    /// DELETE /v1/apps/{app}/keys/{keyId}: 204; every gateway refuses the key from its next request.
    func revokeKey(_ context: Context) throws -> HTTPResponse {
        let id = context.parameters["keyId"] ?? ""
        if id == ServerCaller.firstKeyID {
            throw APIError(
                409, "conflict",
                "the app's first server key cannot be revoked here: rotate it with 'herald app rotate-key --key server' (make scoped keys for what used it first)")
        }
        guard id.count <= 64, try store.revokeKey(appID: context.appID, id: id, now: now()) != nil else {
            throw APIError.notFound("app \(context.appID) has no key \(id.prefix(64)): GET /v1/apps/\(context.appID)/keys lists them")
        }
        return HTTPResponse(status: 204)
    }

    static func keyJSON(_ key: APIKeyRecord) -> [String: JSONValue] {
        [
            "id": .string(key.id), "name": .string(key.name), "scopes": .array(key.scopes.map(JSONValue.string)),
            "createdAt": .double(key.createdAt), "createdBy": key.createdBy.map(JSONValue.string) ?? .null,
            "lastUsedAt": key.lastUsedAt.map(JSONValue.double) ?? .null, "revokedAt": key.revokedAt.map(JSONValue.double) ?? .null,
        ]
    }
}
