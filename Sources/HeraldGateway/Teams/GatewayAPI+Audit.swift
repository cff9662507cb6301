import Foundation
import HeraldHTTP
import HeraldShared
import HeraldStore

extension GatewayAPI {
    /// Runs a route's handler; for a server key or a person calling a route that changes
    /// something (`Route.audit`), with the request's audit draft current, so the store
    /// writes its entry in the transaction of the change (`AuditDraft`). A call that
    /// succeeded without committing a write gets its entry now, in its own transaction; one
    /// refused by its handler (403) is recorded as denied.
    func runAudited(_ route: Route, _ context: Context) -> HTTPResponse {
        guard let action = route.audit, let caller = context.principal?.serverCaller, let app = context.app else {
            return run(route, context)
        }
        let draft = AuditDraft(
            appID: app.id, actor: caller.actor, action: action, target: Self.auditTarget(context.parameters),
            address: console.client(of: context.request)?.description, at: now())
        let response = AuditDraft.$current.withValue(draft) { run(route, context) }
        if !draft.recorded {
            if (200..<300).contains(response.status) {
                record(draft.entry(.ok), route: route)
            } else if response.status == 403 {
                record(draft.entry(.denied, detail: Self.errorMessage(response)), route: route)
            }
        }
        return response
    }

    /// Records a refusal before the handler (a revoked key, a missing scope) as denied.
    func recordRefusal(_ refusal: CallerRefusal, route: Route, _ context: Context) {
        let entry = AuditEntry(
            appID: refusal.appID, at: now(), actor: refusal.actor, action: Self.refusedAction(route),
            target: Self.auditTarget(context.parameters), address: console.client(of: context.request)?.description, outcome: .denied,
            detail: "\(refusal.error.code): \(refusal.error.message)")
        record(entry, route: route)
    }

    /// A refused call's action: the route's own, or for a route that changes nothing
    /// `read.` (a GET) or `call.` and the route's name (`read.get_publish`, `call.lint_publish`).
    static func refusedAction(_ route: Route) -> String {
        route.audit ?? (route.method == "GET" ? "read." : "call.") + route.name
    }

    private func record(_ entry: AuditEntry, route: Route) {
        do {
            try store.recordAudit(entry)
        } catch {
            failureLog.log(.error, "herald gateway: \(route.name): the audit entry \(entry.action) was not written: \(error)", now: now())
        }
    }

    /// The thing a route acts on, from its path: the most specific parameter given.
    static func auditTarget(_ parameters: [String: String]) -> String? {
        for name in ["message", "activityId", "activityType", "webhook", "keyId", "email", "publish", "channel", "device", "user"] {
            if let value = parameters[name] { return value }
        }
        return nil
    }

    private static func errorMessage(_ response: HTTPResponse) -> String? {
        guard let json = try? JSONParser().parse(response.body), let error = json["error"] else { return nil }
        return [error["code"]?.stringValue, error["message"]?.stringValue].compactMap { $0 }.joined(separator: ": ")
    }

    /// GET /v1/apps/{app}/audit?after=&before=&limit=&actor=&action=: the app's audit log,
    /// newest first (oldest first after a cursor).
    func auditLog(_ context: Context) throws -> HTTPResponse {
        let query = context.request.queryItems
        func cursor(_ name: String) throws -> Int? {
            guard let text = query[name] else { return nil }
            guard let seq = AuditEntry.seq(of: text) else {
                throw ValidationError(name, "is not an audit entry id (aud_…, as an entry's id): give one this log answered")
            }
            return seq
        }
        let after = try cursor("after"), before = try cursor("before")
        if after != nil && before != nil { throw ValidationError("after", "and before cannot be given together: page one way") }
        let limit = try Self.limit(query, default: 100, max: 1000)
        let actor = query["actor"].flatMap { $0.isEmpty ? nil : $0 }
        let action = query["action"].flatMap { $0.isEmpty ? nil : $0 }
        if let actor, actor.count > 320 { throw ValidationError("actor", "is longer than 320 characters: give an e-mail or a key id") }
        if let action, action.count > 100 { throw ValidationError("action", "is longer than 100 characters: give an action such as publish.create, or publish.") }
        let entries = try store.auditEntries(appID: context.appID, AuditQuery(after: after, before: before, actor: actor, action: action, limit: limit))
        var body: [String: JSONValue] = ["entries": .array(entries.map(\.json))]
        body["next"] = entries.count == limit ? entries.last.map { .string($0.id) } ?? .null : .null
        return .json(200, .object(body))
    }
}
