import HeraldHTTP
import HeraldShared
import HeraldStore

/// The server key's reads besides a publish's status: the latest publishes, a publish's
/// failures and timeline, devices by token, id, user or interest, a device's deliveries, the
/// app's settings, and the publish checks without publishing. Herald Console's pages are
/// built on them.
extension GatewayAPI {
    /// GET /v1/apps/{app}/publishes?limit=N&internal=true|false: the latest publishes, newest
    /// first; the gateway's own (the inbox's sync pushes) only with `internal=true`.
    func listPublishes(_ context: Context) throws -> HTTPResponse {
        let query = context.request.queryItems
        let limit = try Self.limit(query, default: 50, max: 200)
        let publishes = try store.publishes(appID: context.appID, limit: limit, includingInboxSyncs: try Self.flag(query, "internal"))
        let pauses = try store.routePauses(appID: context.appID)
        return .json(200, ["publishes": .array(try publishes.map { try publishJSON($0, pauses: pauses) })])
    }

    /// GET /v1/apps/{app}/publishes/{id}/failures?limit=N: the devices it failed on, and why.
    func publishFailures(_ context: Context) throws -> HTTPResponse {
        let id = context.parameters["publish"] ?? ""
        let limit = try Self.limit(context.request.queryItems, default: 100, max: 1000)
        guard try store.publish(appID: context.appID, id: id) != nil else { throw Self.noPublish(id, context.appID) }
        let failures = try store.failedDeliveries(appID: context.appID, publishID: id, limit: limit)
        return .json(200, ["publishId": .string(id), "failures": .array(failures.map(Self.json))])
    }

    /// GET /v1/apps/{app}/publishes/{id}/timeline?buckets=N: its counters over time
    /// (`PublishTimeline`), at most N buckets (default 60).
    func publishTimeline(_ context: Context) throws -> HTTPResponse {
        let id = context.parameters["publish"] ?? ""
        let buckets = try Self.limit(context.request.queryItems, "buckets", default: 60, max: 500)
        guard let timeline = try store.publishTimeline(appID: context.appID, publishID: id, now: now(), maxBuckets: buckets) else {
            throw Self.noPublish(id, context.appID)
        }
        let series = PublishTimeline.Series.allCases.map { ($0.rawValue, JSONValue.array((timeline.counts[$0] ?? []).map(JSONValue.int))) }
        return .json(
            200,
            [
                "publishId": .string(id), "start": .double(timeline.start), "bucketSeconds": .double(timeline.bucketSeconds),
                "series": .object(Dictionary(uniqueKeysWithValues: series)),
            ])
    }

    /// GET /v1/apps/{app}/devices?token=|deviceId=|userId=|interest=: exactly one of them.
    func findDevices(_ context: Context) throws -> HTTPResponse {
        let query = context.request.queryItems
        let limit = try Self.limit(query, default: 50, max: 200)
        let given = ["token", "deviceId", "userId", "interest"].filter { query[$0] != nil }
        guard given.count == 1, let field = given.first, let value = query[field], !value.isEmpty else {
            throw ValidationError("query", "give exactly one of token, deviceId, userId, interest (not empty)")
        }
        let lookup: DeviceLookup
        switch field {
        // An APNs token in hex (any case), else an FCM registration token as given.
        case "token": lookup = .token(try (try? FieldRules.token(value, "token")) ?? FieldRules.fcmToken(value, "token"))
        case "deviceId":
            try FieldRules.identifier(value, "deviceId")
            lookup = .deviceID(value)
        case "userId":
            try FieldRules.userID(value, "userId")
            lookup = .user(value)
        default:
            try FieldRules.interest(value, "interest")
            lookup = .interest(value)
        }
        let devices = try store.devices(appID: context.appID, matching: lookup, limit: limit)
        return .json(200, ["devices": .array(devices.map(Self.json))])
    }

    /// GET /v1/apps/{app}/devices/{id}/deliveries?limit=N: its last deliveries, newest first.
    func deviceDeliveries(_ context: Context) throws -> HTTPResponse {
        let id = context.parameters["device"] ?? ""
        let limit = try Self.limit(context.request.queryItems, default: 20, max: 50)
        guard try store.device(appID: context.appID, id: id) != nil else { throw Self.noDevice(id, context.appID) }
        let deliveries = try store.deliveries(appID: context.appID, deviceID: id, limit: limit)
        return .json(200, ["deviceId": .string(id), "deliveries": .array(deliveries.map(Self.json))])
    }

    /// GET /v1/apps/{app}/settings: the app, which environments have credentials, its FCM
    /// project and service account (never a private key), and the limits this gateway applies to it.
    func appSettings(_ context: Context) throws -> HTTPResponse {
        guard let app = try store.app(id: context.appID, includingCredentials: true) else {
            throw APIError.notFound("no app \(context.appID)")
        }
        let credentials: [JSONValue] = APNsEnvironment.allCases.map { environment in
            guard let found = app.credentials.first(where: { $0.environment == environment }) else {
                return ["environment": .string(environment.rawValue), "configured": false]
            }
            var entry: [String: JSONValue] = ["environment": .string(environment.rawValue), "configured": true]
            switch found.method {
            case .token(let keyID, let teamID, _):
                entry["method"] = "token"
                entry["keyId"] = .string(keyID)
                entry["teamId"] = .string(teamID)
            case .certificate(let pem):
                entry["method"] = "certificate"
                entry["certificateExpiresAt"] = CertificateExpiry.notAfter(pem: pem).map(JSONValue.double) ?? .null
            }
            entry["endpoint"] = found.endpoint.map(JSONValue.string) ?? .null
            return .object(entry)
        }
        let limits = rateLimiter.limits
        return .json(
            200,
            [
                "appId": .string(app.id), "name": .string(app.name), "bundleId": .string(app.bundleID), "createdAt": .double(app.createdAt),
                "credentials": .array(credentials), "legacyDeviceAccess": .bool(app.legacyDeviceAccess),
                "defaultTimeZone": .string(app.defaultTimeZone ?? "UTC"),
                "fcm": app.fcmCredentials.map {
                    [
                        "projectId": .string($0.projectID), "clientEmail": .string($0.clientEmail),
                        "endpoint": $0.endpoint.map(JSONValue.string) ?? .null,
                    ]
                } ?? .null,
                "notificationsPerSecond": app.rateLimit.map(JSONValue.double) ?? .null,
                "apiRateLimits": [
                    "serverPerSecond": limits.server.map(JSONValue.double) ?? .null,
                    "clientPerSecond": limits.client.map(JSONValue.double) ?? .null, "clientBurst": .double(limits.clientBurst),
                    "devicePerSecond": limits.device.map(JSONValue.double) ?? .null, "deviceBurst": .double(limits.deviceBurst),
                ],
                "quota": [
                    "interestsPerDevice": .int(quota.interestsPerDevice), "devicesPerApp": .int(quota.devicesPerApp),
                    "subscriptionsPerApp": .int(quota.subscriptionsPerApp), "eventsPerApp": .int(quota.eventsPerApp),
                    "inboxMessagesPerUser": .int(quota.inboxMessagesPerUser),
                ],
                "paused": .array(try store.routePauses(appID: app.id).map { Self.json($0, appID: app.id) }),
            ])
    }

    /// POST /v1/apps/{app}/lint: the publish checks, without publishing. 200 with the payload
    /// that would be sent and the warnings; 422 with the first problem a publish would answer 400 for.
    func lintPublish(_ context: Context) throws -> HTTPResponse {
        let body = try body(context)
        do {
            let request = try PublishRequest(body, appID: context.appID, now: now())
            return .json(
                200,
                [
                    "valid": true, "errors": [], "warnings": .array(request.warnings.map(JSONValue.string)),
                    "payload": .object(request.publish.payload), "pushType": .string(request.publish.options.pushType),
                ])
        } catch let error as ValidationError {
            return .json(
                422,
                ["valid": false, "errors": [["field": .string(error.field), "message": .string(error.message)]], "warnings": []])
        }
    }

    static func limit(_ query: [String: String], _ name: String = "limit", default value: Int, max: Int) throws -> Int {
        guard let text = query[name] else { return value }
        guard let number = Int(text), (1...max).contains(number) else {
            throw ValidationError(name, "must be a whole number from 1 to \(max), not \"\(text.prefix(20))\"")
        }
        return number
    }

    /// A query's `true` or `false` (absent: false).
    static func flag(_ query: [String: String], _ name: String) throws -> Bool {
        switch query[name] {
        case nil, "false": return false
        case "true": return true
        case let text?: throw ValidationError(name, "must be true or false, not \"\(text.prefix(20))\"")
        }
    }

    static func json(_ outcome: DeliveryTrace) -> JSONValue {
        [
            "publishId": .string(outcome.publishID), "deviceId": outcome.deviceID.map(JSONValue.string) ?? .null,
            "token": .string(outcome.token), "state": .string(outcome.state), "reason": outcome.reason.map(JSONValue.string) ?? .null,
            "updatedAt": .double(outcome.updatedAt),
        ]
    }
}
