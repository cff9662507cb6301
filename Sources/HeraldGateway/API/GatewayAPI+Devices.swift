import HeraldHTTP
import HeraldShared
import HeraldStore

extension GatewayAPI {
    /// Largest `metadata` object kept with a device, in bytes of JSON.
    static let maxMetadataBytes = 4096

    /// POST /v1/apps/{app}/devices: 201 for a new token, 200 with the same id for a known
    /// one; `deviceKey` when a key was issued (a new device, or one that did not present its key).
    /// `platform` is `apns` (the default: a hex token and its `environment`) or `fcm` (FCM's
    /// registration token, opaque; no `environment`, FCM has one).
    func registerDevice(_ context: Context) throws -> HTTPResponse {
        let reader = try JSONObjectReader(try body(context))
        try reader.allow(
            ["token", "platform", "environment", "interests", "userId", "userToken", "metadata", "deviceKey"] + Self.attributeFields)
        let (platform, token, environment) = try DeviceFields.address(reader)
        let interests = try DeviceFields.interests(reader, required: false)
        var userID: String?? = nil
        let userToken = try reader.string("userToken", maxLength: 4096)
        if reader.has("userId") {
            let id = try reader.string("userId", nullable: true, maxLength: 164)
            if let id { try FieldRules.userID(id, "userId") }
            userID = .some(id)
        }
        if let id = userID ?? nil {
            try checkUserToken(userToken, userID: id, field: "userToken", context)
        } else if userToken != nil {
            throw ValidationError("userToken", "goes with a userId: it proves the device may act for that user")
        }
        let presentedKey = try reader.string("deviceKey", maxLength: 200)
        var metadata: JSONValue?
        if let object = try reader.objectValue("metadata") {
            let value = JSONValue.object(object)
            let size = JSONWriter.compactByteCount(value)
            guard size <= Self.maxMetadataBytes else {
                throw ValidationError("metadata", "is \(size) bytes of JSON; keep it under \(Self.maxMetadataBytes)")
            }
            metadata = value
        }
        let attributes = try FieldRules.deviceAttributes(reader)
        let key = APIKey.generate(.device)
        let registration = DeviceRegistration(
            platform: platform, token: token, environment: environment, interests: interests, userID: userID, metadata: metadata,
            newKeyHash: key.hash, presentedKeyHash: presentedKey.map(APIKey.hash), attributes: attributes)
        let result = try store.registerDevice(appID: context.appID, registration, quota: quota, now: now())
        metrics.increment("herald_devices_registered_total", [("app", context.appID)])
        var answer: [String: JSONValue] = ["deviceId": .string(result.id)]
        if result.keyIssued { answer["deviceKey"] = .string(key.secret) }
        let route: DeliveryRoute = platform == .fcm ? .fcm : .apns(environment)
        if try !credentialRoutes.routes(appID: context.appID, now: now(), store: store).contains(route) {
            answer["warnings"] = [.string(CredentialRoutes.warning(route: route, appID: context.appID))]
        }
        return .json(result.created ? 201 : 200, .object(answer))
    }

    /// GET /v1/apps/{app}/devices/{id} (server key, or the device's own key).
    func getDevice(_ context: Context) throws -> HTTPResponse {
        let id = context.parameters["device"] ?? ""
        guard let device = try store.device(appID: context.appID, id: id) else { throw Self.noDevice(id, context.appID) }
        return .json(200, Self.json(device))
    }

    /// A device as the API answers it: `environment` is null for an FCM device; `registeredAt`
    /// is when its token was last registered.
    static func json(_ device: DeviceRecord) -> JSONValue {
        [
            "deviceId": .string(device.id), "platform": .string(device.platform.rawValue), "token": .string(device.token),
            "environment": device.platform == .apns ? .string(device.environment.rawValue) : .null,
            "interests": .array(device.interests.map(JSONValue.string)), "userId": device.userID.map(JSONValue.string) ?? .null,
            "metadata": device.metadata, "createdAt": .double(device.createdAt), "registeredAt": .double(device.tokenRegisteredAt),
            "invalidatedAt": device.invalidatedAt.map(JSONValue.double) ?? .null,
            "invalidReason": device.invalidReason.map(JSONValue.string) ?? .null,
            "locale": device.locale.map(JSONValue.string) ?? .null, "timeZone": device.timeZone.map(JSONValue.string) ?? .null,
            "appVersion": device.appVersion.map(JSONValue.string) ?? .null, "tags": .object(device.tags),
        ]
    }

    /// The fields of a device's attributes (`FieldRules.deviceAttributes`).
    static let attributeFields = ["locale", "timeZone", "appVersion", "tags"]

    /// PUT /v1/apps/{app}/devices/{id}/attributes: sets the attributes the body names (at
    /// least one), keeps the others; `null` clears one (`tags`: all of them). Answers the device.
    func setAttributes(_ context: Context) throws -> HTTPResponse {
        let reader = try JSONObjectReader(try body(context))
        try reader.allow(Self.attributeFields)
        guard !reader.object.isEmpty else {
            throw ValidationError("body", "names no attribute; give one or more of \(Self.attributeFields.joined(separator: ", "))")
        }
        let change = try FieldRules.deviceAttributes(reader)
        let id = context.parameters["device"] ?? ""
        guard try store.setAttributes(appID: context.appID, deviceID: id, change, now: now()),
            let device = try store.device(appID: context.appID, id: id)
        else { throw Self.noDevice(id, context.appID) }
        return .json(200, Self.json(device))
    }

    /// PUT /v1/apps/{app}/devices/{id}/interests.
    func setInterests(_ context: Context) throws -> HTTPResponse {
        let reader = try JSONObjectReader(try body(context))
        try reader.allow(["interests"])
        let interests = try DeviceFields.interests(reader, required: true) ?? []
        let id = context.parameters["device"] ?? ""
        guard try store.setInterests(appID: context.appID, deviceID: id, interests, quota: quota, now: now()) else {
            throw Self.noDevice(id, context.appID)
        }
        return .json(200, ["deviceId": .string(id), "interests": .array(Array(Set(interests)).sorted().map(JSONValue.string))])
    }

    /// PUT /v1/apps/{app}/devices/{id}/user: bind the device to a user at login (with a
    /// user token from the app's backend), clear it at logout (no token needed).
    func setUser(_ context: Context) throws -> HTTPResponse {
        let reader = try JSONObjectReader(try body(context))
        try reader.allow(["userId", "userToken"])
        guard reader.has("userId") else { throw ValidationError("userId", "is required: a user id, or null to clear it at logout") }
        let userID = try reader.string("userId", nullable: true, maxLength: 164)
        let userToken = try reader.string("userToken", maxLength: 4096)
        if let userID {
            try FieldRules.userID(userID, "userId")
            try checkUserToken(userToken, userID: userID, field: "userToken", context)
        }
        let id = context.parameters["device"] ?? ""
        guard try store.setUser(appID: context.appID, deviceID: id, userID, now: now()) else { throw Self.noDevice(id, context.appID) }
        return .json(200, ["deviceId": .string(id), "userId": userID.map(JSONValue.string) ?? .null])
    }

    /// DELETE /v1/apps/{app}/devices/{id}: 204.
    func deleteDevice(_ context: Context) throws -> HTTPResponse {
        let id = context.parameters["device"] ?? ""
        guard try store.deleteDevice(appID: context.appID, deviceID: id, now: now()) else { throw Self.noDevice(id, context.appID) }
        return HTTPResponse(status: 204)
    }

    static func noDevice(_ id: String, _ app: String) -> APIError {
        .notFound("no device \(id) in app \(app); register it again with POST /v1/apps/\(app)/devices")
    }
}
