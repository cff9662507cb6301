import HeraldPayload
import HeraldShared
import HeraldStore

/// The texts by language of a publish (`notification.localized`, `LocalizedVariants`).
extension PublishRequest {
    /// A notification's alert text: `title`, `subtitle` and `body`, a title or a body at least.
    static func alert(_ fields: JSONObjectReader) throws(ValidationError) -> [String: JSONValue] {
        let title = try fields.string("title", maxLength: 1000), body = try fields.string("body", maxLength: 4000)
        guard title != nil || body != nil else { throw ValidationError(fields.path, "give a title or a body") }
        var alert: [String: JSONValue] = [:]
        alert["title"] = title.map(JSONValue.string)
        alert["subtitle"] = try fields.string("subtitle", maxLength: 1000).map(JSONValue.string)
        alert["body"] = body.map(JSONValue.string)
        return alert
    }

    /// `notification.localized`: by BCP 47 tag (normalised as device locales are), the
    /// alert text of that language. Each variant is the whole `payload` with its own
    /// `aps.alert`, checked like the default one by the caller; a device gets one of them.
    /// Alert pushes only (a channel's broadcasts are Live Activity ones: one payload for all).
    static func localized(_ reader: JSONObjectReader, payload: [String: JSONValue], options: PublishOptions)
        throws(ValidationError) -> [String: [String: JSONValue]]
    {
        let path = "notification.localized"
        guard let given = reader.object["notification"]?.objectValue?["localized"] else { return [:] }
        guard case .object(let variants) = given else {
            throw ValidationError(
                path, "expected a JSON object of texts by language tag, such as {\"de\": {\"title\": \"…\", \"body\": \"…\"}}")
        }
        guard options.pushType == PushType.alert.rawValue else {
            throw ValidationError(path, "applies to alert pushes only, not \(options.pushType): leave it out or send an alert")
        }
        guard variants.count <= LocalizedVariants.maxCount else {
            throw ValidationError(path, "has \(variants.count) languages; a publish has at most \(LocalizedVariants.maxCount)")
        }
        var localized: [String: [String: JSONValue]] = [:]
        for (key, value) in variants.sorted(by: { $0.key < $1.key }) {
            let field = "\(path).\(key)"
            let tag = try FieldRules.locale(key, field)
            guard localized[tag] == nil else {
                throw ValidationError(field, "is \(tag) once normalised, as another key is: keep one")
            }
            let fields = try JSONObjectReader(value, path: field)
            try fields.allow(["title", "subtitle", "body"])
            var variant = payload
            var aps = variant["aps"]?.objectValue ?? [:]
            aps["alert"] = .object(try alert(fields))
            variant["aps"] = .object(aps)
            localized[tag] = variant
        }
        return localized
    }
}
