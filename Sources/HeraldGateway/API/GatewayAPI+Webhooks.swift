import HeraldHTTP
import HeraldShared
import HeraldStore

/// Webhook endpoints (server key): made, listed with their health, changed, deleted,
/// their secret rotated, their events replayed, their attempts read (docs/events.md).
extension GatewayAPI {
    /// POST /v1/apps/{app}/webhooks `{"url", "events", "description"?}`: 201 with the secret,
    /// which no later read shows.
    func createWebhook(_ context: Context) throws -> HTTPResponse {
        let reader = try JSONObjectReader(try body(context))
        try reader.allow(["url", "events", "description"])
        let url = try webhookURL(try reader.string("url", required: true) ?? "")
        let events = try Self.webhookEvents(reader, required: true) ?? []
        let description = try reader.string("description", maxLength: 500)
        let now = now()
        let id = Identifier.ordered("wh_", at: now)
        AuditDraft.nameTarget(id)
        let hook = try store.createWebhook(
            NewWebhook(
                id: id, appID: context.appID, url: url, events: events, description: description,
                secret: WebhookMessage.newSecret(), now: now), limit: webhooks.maxPerApp)
        var json = try webhookJSON(hook)
        json["secret"] = .string(hook.secret)
        return .json(201, .object(json))
    }

    /// GET /v1/apps/{app}/webhooks: `{"webhooks": [...]}`, each with its health.
    func listWebhooks(_ context: Context) throws -> HTTPResponse {
        let hooks = try store.webhooks(appID: context.appID)
        return .json(200, ["webhooks": .array(try hooks.map { .object(try webhookJSON($0)) })])
    }

    /// GET /v1/apps/{app}/webhooks/{id}.
    func getWebhook(_ context: Context) throws -> HTTPResponse {
        .json(200, .object(try webhookJSON(try existingWebhook(context))))
    }

    /// PATCH /v1/apps/{app}/webhooks/{id} `{"url"?, "events"?, "description"?, "enabled"?}`.
    func patchWebhook(_ context: Context) throws -> HTTPResponse {
        let reader = try JSONObjectReader(try body(context))
        try reader.allow(["url", "events", "description", "enabled"])
        var change = WebhookChange()
        if let url = try reader.string("url") { change.url = try webhookURL(url) }
        change.events = try Self.webhookEvents(reader, required: false)
        if reader.has("description") { change.description = .some(try reader.string("description", nullable: true, maxLength: 500)) }
        if let enabled = reader.object["enabled"] {
            guard case .bool(let flag) = enabled else { throw ValidationError("enabled", "expected true or false, found \(enabled.typeDescription)") }
            change.enabled = flag
        }
        let id = try Self.webhookID(context)
        guard let hook = try store.updateWebhook(appID: context.appID, id: id, change, now: now()) else { throw Self.noWebhook(id, context.appID) }
        return .json(200, .object(try webhookJSON(hook)))
    }

    /// DELETE /v1/apps/{app}/webhooks/{id}: 204.
    func deleteWebhook(_ context: Context) throws -> HTTPResponse {
        let id = try Self.webhookID(context)
        guard try store.deleteWebhook(appID: context.appID, id: id) else { throw Self.noWebhook(id, context.appID) }
        return HTTPResponse(status: 204)
    }

    /// POST /v1/apps/{app}/webhooks/{id}/rotate-secret: the new secret; the old one signs
    /// beside it for 24 hours.
    func rotateWebhookSecret(_ context: Context) throws -> HTTPResponse {
        let id = try Self.webhookID(context)
        let now = now()
        guard
            let hook = try store.rotateWebhookSecret(
                appID: context.appID, id: id, secret: WebhookMessage.newSecret(), keepOldUntil: now + Self.oldSecretKept, now: now)
        else { throw Self.noWebhook(id, context.appID) }
        var json = try webhookJSON(hook)
        json["secret"] = .string(hook.secret)
        json["previousSecretExpiresAt"] = .double(now + Self.oldSecretKept)
        return .json(200, .object(json))
    }

    /// POST /v1/apps/{app}/webhooks/{id}/replay `{"since"}` (seconds since 1970): the
    /// endpoint gets again every event since then that is still kept.
    func replayWebhook(_ context: Context) throws -> HTTPResponse {
        let reader = try JSONObjectReader(try body(context))
        try reader.allow(["since"])
        guard let since = try reader.number("since") else { throw ValidationError("since", "is required: seconds since 1970") }
        let id = try Self.webhookID(context)
        guard let hook = try store.replayWebhook(appID: context.appID, id: id, since: since, now: now()) else {
            throw Self.noWebhook(id, context.appID)
        }
        return .json(202, .object(try webhookJSON(hook)))
    }

    /// GET /v1/apps/{app}/webhooks/{id}/attempts?limit=N: the newest first.
    func webhookAttempts(_ context: Context) throws -> HTTPResponse {
        let hook = try existingWebhook(context)
        let limit = try Self.limit(context.request.queryItems, default: 50, max: WebhookLimits.attemptsKept)
        let attempts = try store.webhookAttempts(appID: context.appID, id: hook.id, limit: limit)
        return .json(
            200,
            [
                "attempts": .array(
                    attempts.map { attempt in
                        [
                            "at": .double(attempt.at), "status": attempt.status.map(JSONValue.int) ?? .null,
                            "error": attempt.error.map(JSONValue.string) ?? .null, "events": .int(attempt.events),
                            "firstEventId": attempt.firstEvent.map { .string(LoggedEvent.id(seq: $0)) } ?? .null,
                            "duration": .double(attempt.duration),
                        ]
                    })
            ])
    }

    /// How long a rotated secret keeps signing.
    static let oldSecretKept = 24 * 3600.0

    private func existingWebhook(_ context: Context) throws -> WebhookRecord {
        let id = try Self.webhookID(context)
        guard let hook = try store.webhook(appID: context.appID, id: id) else { throw Self.noWebhook(id, context.appID) }
        return hook
    }

    private static func webhookID(_ context: Context) throws(ValidationError) -> String {
        let id = context.parameters["webhook"] ?? ""
        try FieldRules.identifier(id, "webhook")
        return id
    }

    private static func noWebhook(_ id: String, _ app: String) -> APIError { .notFound("no webhook \(id) in app \(app)") }

    private func webhookURL(_ text: String) throws -> String {
        do {
            return try webhooks.addresses.check(text).absoluteString
        } catch {
            throw ValidationError("url", error.message)
        }
    }

    private static func webhookEvents(_ reader: JSONObjectReader, required: Bool) throws -> [String]? {
        guard let patterns = try reader.strings("events", required: required, count: 1...50, each: { _, _ in }) else { return nil }
        do {
            return try EventSelector(patterns).patterns
        } catch {
            throw ValidationError("events", error.message)
        }
    }

    /// An endpoint as the API shows it (never its secret), with its health.
    private func webhookJSON(_ hook: WebhookRecord) throws -> [String: JSONValue] {
        let pending = try store.webhookBacklog(
            appID: hook.appID, after: hook.cursor, matching: try? EventSelector(hook.events), limit: 10_001
        ).count
        return [
            "id": .string(hook.id), "url": .string(hook.url), "events": .array(hook.events.map(JSONValue.string)),
            "description": hook.description.map(JSONValue.string) ?? .null, "enabled": .bool(hook.enabled),
            "disabledReason": hook.disabledReason.map(JSONValue.string) ?? .null, "createdAt": .double(hook.createdAt),
            "updatedAt": .double(hook.updatedAt),
            "health": [
                "lastSuccessAt": hook.lastSuccessAt.map(JSONValue.double) ?? .null,
                "lastFailureAt": hook.lastFailureAt.map(JSONValue.double) ?? .null,
                "lastFailureStatus": hook.lastFailureStatus.map(JSONValue.int) ?? .null,
                "lastFailureError": hook.lastFailureError.map(JSONValue.string) ?? .null, "failures": .int(hook.failures),
                "nextAttemptAt": hook.enabled ? .double(hook.nextAt) : .null, "pending": .int(pending),
                "pendingCapped": .bool(pending > 10_000),
            ],
        ]
    }
}
