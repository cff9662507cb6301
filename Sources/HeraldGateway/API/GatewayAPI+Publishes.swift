import HeraldHTTP
import HeraldShared
import HeraldStore

extension GatewayAPI {
    /// POST /v1/apps/{app}/publishes: committed before the 202; the same idempotency key
    /// returns the same publish id and sends nothing again.
    func createPublish(_ context: Context) throws -> HTTPResponse {
        let request = try PublishRequest(try body(context), appID: context.appID, now: now(), inboxLimit: quota.inboxMessagesPerUser)
        try checkChannelTarget(request.publish.target, appID: context.appID)
        let result = try store.createPublish(request.publish)
        if result.created {
            metrics.increment("herald_publishes_total", [("app", context.appID)])
            onPublish()
        }
        var response: [String: JSONValue] = ["publishId": .string(result.id)]
        var warnings = request.warnings
        if result.created { warnings += Self.warnings(try store.targetReach(appID: context.appID, target: request.publish.target)) }
        if !warnings.isEmpty { response["warnings"] = .array(warnings.map(JSONValue.string)) }
        if !result.created { response["duplicate"] = true }
        return .json(202, .object(response))
    }

    /// GET /v1/apps/{app}/publishes/{id}: status and statistics.
    func getPublish(_ context: Context) throws -> HTTPResponse {
        let id = context.parameters["publish"] ?? ""
        guard let publish = try store.publish(appID: context.appID, id: id) else { throw Self.noPublish(id, context.appID) }
        return .json(200, try publishJSON(publish, pauses: try store.routePauses(appID: context.appID)))
    }

    /// DELETE /v1/apps/{app}/publishes/{id}: cancels a scheduled (or not yet started) publish;
    /// 202 with `cancelling: true` when a fan-out step holds it (the next step cancels it).
    func cancelPublish(_ context: Context) throws -> HTTPResponse {
        let id = context.parameters["publish"] ?? ""
        do {
            let publish = try store.cancelPublish(appID: context.appID, id: id, now: now())
            guard publish.cancelling else { return .json(200, Self.json(publish)) }
            onPublish()
            var json = Self.json(publish).objectValue ?? [:]
            json["cancelling"] = true
            return .json(202, .object(json))
        } catch let error as StoreError where error.reason == .notFound {
            throw Self.noPublish(id, context.appID)
        } catch let error as StoreError where error.reason == .conflict {
            throw APIError(409, "not_cancellable", error.message)
        }
    }

    /// A publish's target that reaches nothing, or names what the app does not have, said in
    /// its 202 (it is committed all the same: devices may register before it is sent).
    static func warnings(_ reach: TargetReach) -> [String] {
        var warnings: [String] = []
        if reach.reachesNone {
            warnings.append("target: no device of the app is in the target now; the publish reaches no device unless some register before it is sent")
        }
        if !reach.unknownDeviceIDs.isEmpty {
            warnings.append(
                "target: \(reach.unknownDeviceIDs.count) of the device ids are no device of the app (\(Self.sample(reach.unknownDeviceIDs))); "
                    + "nothing is sent to them")
        }
        if !reach.unregisteredTokens.isEmpty {
            warnings.append(
                "target: \(reach.unregisteredTokens.count) of the tokens are no registered device of the app "
                    + "(\(Self.sample(reach.unregisteredTokens.map { $0.count > 12 ? $0.prefix(12) + "…" : $0 }))); they are sent to as given, "
                    + "with no device to keep their receipts")
        }
        return warnings
    }

    /// The first few of `values`, for a message.
    private static func sample(_ values: [String]) -> String {
        values.prefix(3).joined(separator: ", ") + (values.count > 3 ? ", …" : "")
    }

    static func noPublish(_ id: String, _ app: String) -> APIError { .notFound("no publish \(id) in app \(app)") }

    /// A publish's status and statistics; `byPlatform` (and, with texts by language,
    /// `byLanguage`) while its deliveries are kept.
    static func json(_ publish: PublishRecord) -> JSONValue {
        let counts = publish.counts
        var json: [String: JSONValue] = [
            "publishId": .string(publish.id), "status": .string(publish.status.rawValue), "targeted": .int(counts.targeted),
            "sent": .int(counts.sent), "failed": .int(counts.failed), "invalidated": .int(counts.invalidated),
            "capped": .int(counts.capped),
            "delivered": .int(counts.delivered), "opened": .int(counts.opened),
            "failures": .object(publish.failures.mapValues(JSONValue.int)), "createdAt": .double(publish.createdAt),
            "sendAt": publish.options.sendAt.map(JSONValue.double) ?? .null,
            "target": target(publish.target), "notification": notification(publish.payload),
        ]
        if let local = publish.options.localTime { json["sendAt"] = ["localTime": .string(local.time), "date": .string(local.date)] }
        if let filter = publish.filter { json["filter"] = filter.json }
        if let error = publish.error { json["error"] = .string(error) }
        if let cap = publish.options.frequencyCap { json["frequencyCap"] = ["max": .int(cap.max), "window": .int(cap.window)] }
        if !publish.byPlatform.isEmpty {
            json["byPlatform"] = deliveryCounts(Dictionary(uniqueKeysWithValues: publish.byPlatform.map { ($0.key.rawValue, $0.value) }))
        }
        if !publish.byLanguage.isEmpty { json["byLanguage"] = deliveryCounts(publish.byLanguage) }
        if !publish.byTimeZone.isEmpty {
            json["byTimeZone"] = .object(
                publish.byTimeZone.mapValues {
                    ["dueAt": .double($0.dueAt), "targeted": .int($0.targeted), "sent": .int($0.sent), "waiting": .int($0.waiting)]
                })
        }
        return .object(json)
    }

    /// Delivery counters (targeted, sent, failed, invalidated, capped) by name.
    static func deliveryCounts(_ counts: [String: PublishCounts]) -> JSONValue {
        .object(
            counts.mapValues { counts in
                [
                    "targeted": .int(counts.targeted), "sent": .int(counts.sent), "failed": .int(counts.failed),
                    "invalidated": .int(counts.invalidated), "capped": .int(counts.capped),
                ]
            })
    }

    /// A publish's target: its kind and keys, and a push-to-start target's activity type.
    static func target(_ target: PublishTarget) -> JSONValue {
        var json: [String: JSONValue] = ["kind": .string(target.kind), "keys": .array(target.keys.map(JSONValue.string))]
        if let type = target.activityType { json["activityType"] = .string(type) }
        return .object(json)
    }

    /// The title, subtitle and body the payload shows (what the console lists), from `aps.alert`.
    static func notification(_ payload: [UInt8]) -> JSONValue {
        let alert = (try? JSONParser().parse(payload))?.objectValue?["aps"]?.objectValue?["alert"]
        if case .string(let body)? = alert { return ["body": .string(body)] }
        var fields: [String: JSONValue] = [:]
        for key in ["title", "subtitle", "body"] {
            if case .string(let text)? = alert?.objectValue?[key] { fields[key] = .string(text) }
        }
        return .object(fields)
    }
}
