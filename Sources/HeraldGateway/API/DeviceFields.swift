import HeraldShared
import HeraldStore

/// The fields that say what a device is, read the same way by the registration handler
/// and by `herald app import-devices`: the platform, the token in that platform's shape,
/// the APNs environment, interests and the user.
public enum DeviceFields {
    /// `platform` (`apns` by default, or `fcm`), `token` in that platform's shape and, for
    /// APNs only, the required `environment`.
    static func address(_ reader: JSONObjectReader) throws -> (platform: PushPlatform, token: String, environment: APNsEnvironment) {
        let platformText = try reader.string("platform") ?? PushPlatform.apns.rawValue
        guard let platform = PushPlatform(rawValue: platformText) else {
            throw ValidationError("platform", "\"\(platformText.prefix(40))\" is not apns or fcm (fcm for an Android device's FCM token)")
        }
        let tokenText = try reader.string("token", required: true) ?? ""
        switch platform {
        case .apns:
            let token = try FieldRules.token(tokenText, "token")
            guard let environment = try FieldRules.environment(try reader.string("environment", required: true), "environment") else {
                throw ValidationError("environment", "is required")
            }
            return (platform, token, environment)
        case .fcm:
            guard !reader.has("environment") else {
                throw ValidationError(
                    "environment", "is APNs' sandbox or production and does not apply to an FCM token; leave it out with platform fcm")
            }
            return (platform, try FieldRules.fcmToken(tokenText, "token"), .production)
        }
    }

    /// An FCM registration token as the API takes it (`FieldRules.fcmToken`), for tools that
    /// check one before they send it; the error names `field`.
    public static func fcmToken(_ text: String, field: String) throws(ValidationError) -> String {
        try FieldRules.fcmToken(text, field)
    }

    /// `interests`: each `[A-Za-z0-9_\-=@,.;]{1,164}`.
    static func interests(_ reader: JSONObjectReader, required: Bool) throws -> [String]? {
        try reader.strings("interests", required: required, count: 0...Int.max) { name, field throws(ValidationError) in
            try FieldRules.interest(name, field)
        }
    }

    /// One device of an import (`{"token", "platform"?, "environment"?, "interests"?, "userId"?,
    /// "metadata"?}` and the attributes `locale`, `timeZone`, `appVersion`, `tags`), checked by
    /// the API's rules; the operator who imports is trusted with the user, so no user token is
    /// asked. `null` for the user or an attribute says the device has none, as in the API.
    /// Reads back every line `exported` writes. Throws the field at fault.
    public static func imported(_ value: JSONValue) throws -> DeviceRegistration {
        let reader = try JSONObjectReader(value)
        try reader.allow(["token", "platform", "environment", "interests", "userId", "metadata"] + GatewayAPI.attributeFields)
        let (platform, token, environment) = try address(reader)
        var userID: String?? = nil
        if reader.has("userId") {
            let id = try reader.string("userId", nullable: true, maxLength: 164)
            if let id { try FieldRules.userID(id, "userId") }
            userID = .some(id)
        }
        var metadata: JSONValue?
        if let object = try reader.objectValue("metadata") {
            let size = JSONWriter.compactByteCount(.object(object))
            guard size <= GatewayAPI.maxMetadataBytes else {
                throw ValidationError("metadata", "is \(size) bytes of JSON; keep it under \(GatewayAPI.maxMetadataBytes)")
            }
            metadata = .object(object)
        }
        return DeviceRegistration(
            platform: platform, token: token, environment: environment, interests: try interests(reader, required: false),
            userID: userID, metadata: metadata, attributes: try FieldRules.deviceAttributes(reader))
    }

    /// One device as `herald app export-devices` writes it, for `imported` to read back: what
    /// the device is (its platform, token, APNs environment, interests, user, attributes and
    /// metadata), each field left out when the device has none (no `null`, no environment for
    /// FCM). Not its id, keys or history: an import makes a new device, which gets a key at
    /// its next registration.
    public static func exported(_ device: DeviceRecord) -> JSONValue {
        var object: [String: JSONValue] = ["token": .string(device.token), "platform": .string(device.platform.rawValue)]
        if device.platform == .apns { object["environment"] = .string(device.environment.rawValue) }
        if !device.interests.isEmpty { object["interests"] = .array(device.interests.sorted().map(JSONValue.string)) }
        if let user = device.userID { object["userId"] = .string(user) }
        if let locale = device.locale { object["locale"] = .string(locale) }
        if let zone = device.timeZone { object["timeZone"] = .string(zone) }
        if let version = device.appVersion { object["appVersion"] = .string(version) }
        if !device.tags.isEmpty { object["tags"] = .object(device.tags) }
        if let metadata = device.metadata.objectValue, !metadata.isEmpty { object["metadata"] = device.metadata }
        return .object(object)
    }
}
