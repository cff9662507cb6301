import HeraldHTTP
import HeraldShared
import HeraldStore

extension GatewayAPI {
    /// The most devices one preview explains.
    static let previewLimit = 100

    /// GET /v1/apps/{app}/publishes/{publish}/devices/{device}: why the device was or was not
    /// reached by the publish, and what it got (`DeliveryExplainer`).
    func explainDelivery(_ context: Context) throws -> HTTPResponse {
        let (publishID, deviceID) = (context.parameters["publish"] ?? "", context.parameters["device"] ?? "")
        guard let app = context.app else { throw Self.noPublish(publishID, context.appID) }
        guard let facts = try store.explanationFacts(appID: app.id, publishID: publishID, deviceID: deviceID, now: now()) else {
            guard try store.publish(appID: app.id, id: publishID) != nil else { throw Self.noPublish(publishID, app.id) }
            throw APIError.notFound("no device \(deviceID) in app \(app.id) (nor one deleted within the retention period)")
        }
        let explanation = DeliveryExplainer(publish: facts.publish, bundleID: app.bundleID).explain(facts, now: now())
        var json = explanation.json.objectValue ?? [:]
        json["publishId"] = .string(publishID)
        return .json(200, .object(json))
    }

    /// POST /v1/apps/{app}/publishes/preview: what a publish would do to each of up to 100
    /// devices (named, or a user's), as the explanation will say after it is sent; stores,
    /// sends and counts nothing.
    func previewPublish(_ context: Context) throws -> HTTPResponse {
        guard let app = context.app else { throw APIError.notFound("no app") }
        let reader = try JSONObjectReader(try body(context))
        try reader.allow(["publish", "devices", "users"])
        guard let body = reader.object["publish"] else {
            throw ValidationError("publish", "is required: the body of a publish, as POST /v1/apps/{app}/publishes takes it")
        }
        let range = 1...Self.previewLimit
        let devices = try reader.strings("devices", count: range) { text, field throws(ValidationError) in try FieldRules.identifier(text, field) }
        let users = try reader.strings("users", count: range) { text, field throws(ValidationError) in try FieldRules.userID(text, field) }
        guard (devices == nil) != (users == nil) else {
            throw ValidationError("body", "give devices (1 to \(Self.previewLimit) device ids) or users (1 to \(Self.previewLimit) user ids), not \(devices == nil ? "neither" : "both")")
        }
        let now = now()
        let request: PublishRequest
        do {
            request = try PublishRequest(body, appID: app.id, now: now, inboxLimit: quota.inboxMessagesPerUser)
        } catch let error as ValidationError {
            throw ValidationError("publish." + error.field, error.message)
        }
        let facts: PreviewFacts
        do {
            facts = try store.previewFacts(appID: app.id, deviceIDs: devices ?? [], userIDs: users ?? [], limit: Self.previewLimit, now: now)
        } catch let error as StoreError where error.reason == .limitExceeded {
            throw ValidationError("users", error.message)
        }
        if !facts.unknown.isEmpty {
            throw APIError.notFound("no device \(TargetMembership.list(facts.unknown)) in app \(app.id)")
        }
        let publish = PublishFacts(preview: request.publish, id: PublishRequest.publishIDPlaceholder)
        let explainer = DeliveryExplainer(publish: publish, bundleID: app.bundleID)
        return .json(
            200,
            [
                "publishId": .string(PublishRequest.publishIDPlaceholder),
                "devices": .array(facts.devices.map { explainer.preview($0, now: now).json }),
                "lint": .array(request.warnings.map(JSONValue.string)),
            ])
    }
}
