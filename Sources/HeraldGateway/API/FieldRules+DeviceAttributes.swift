import Foundation
import HeraldShared
import HeraldStore

/// The shapes of a device's attributes (`DeviceAttributes`): locale, time zone, app version, tags.
extension FieldRules {
    static let maxTags = 50
    static let maxTagValueBytes = 256

    /// The attributes a request names (`locale`, `timeZone`, `appVersion`, `tags`): a field
    /// left out is kept, `null` clears it (tags: all of them).
    static func deviceAttributes(_ reader: JSONObjectReader) throws(ValidationError) -> DeviceAttributes {
        var change = DeviceAttributes()
        if reader.has("locale") { change.locale = .some(try nullable(reader, "locale", maxLength: 64, locale)) }
        if reader.has("timeZone") { change.timeZone = .some(try nullable(reader, "timeZone", maxLength: 64, timeZone)) }
        if reader.has("appVersion") { change.appVersion = .some(try nullable(reader, "appVersion", maxLength: 39, appVersion)) }
        if reader.object["tags"] == .null {
            change.tags = [:]
        } else if let given = try reader.objectValue("tags") {
            change.tags = try tags(given, reader.field("tags"))
        }
        return change
    }

    /// A string field that may be null, checked by `rule` when it is not.
    private static func nullable(
        _ reader: JSONObjectReader, _ key: String, maxLength: Int, _ rule: (String, String) throws(ValidationError) -> String
    ) throws(ValidationError) -> String? {
        guard let text = try reader.string(key, nullable: true, maxLength: maxLength) else { return nil }
        return try rule(text, reader.field(key))
    }

    /// A BCP 47 language tag (`DeviceAttributeRules.languageTag`), in the standard case.
    static func locale(_ text: String, _ field: String) throws(ValidationError) -> String {
        guard let tag = DeviceAttributeRules.languageTag(text) else {
            throw ValidationError(
                field,
                "\"\(text.prefix(40))\" is not a BCP 47 language tag: a language (2 or 3 letters), then an optional script, region and variants joined by - (de-AT, zh-Hant-TW); Locale.identifier's _ becomes -"
            )
        }
        return tag
    }

    /// An IANA time zone name that this system's time zone database knows.
    static func timeZone(_ text: String, _ field: String) throws(ValidationError) -> String {
        guard DeviceAttributeRules.isTimeZoneName(text), let zone = TimeZone(identifier: text) else {
            throw ValidationError(
                field,
                "\"\(text.prefix(40))\" is not an IANA time zone name (Europe/Berlin, America/New_York); send TimeZone.current.identifier")
        }
        // The database's spelling when it differs only in case (never another zone's name).
        return zone.identifier.lowercased() == text.lowercased() ? zone.identifier : text
    }

    /// An app version (`DeviceAttributeRules.isAppVersion`).
    static func appVersion(_ text: String, _ field: String) throws(ValidationError) -> String {
        guard DeviceAttributeRules.isAppVersion(text) else {
            throw ValidationError(
                field, "\"\(text.prefix(40))\" is not an app version: 1 to 4 numbers of at most 9 digits joined by dots (2.10.1)")
        }
        return text
    }

    /// At most 50 tags, each named by 1 to 64 of A-Z a-z 0-9 _ . - with a string (at most
    /// 256 bytes), a finite number or a Boolean.
    static func tags(_ tags: [String: JSONValue], _ field: String) throws(ValidationError) -> [String: JSONValue] {
        guard tags.count <= maxTags else { throw ValidationError(field, "has \(tags.count) tags; a device has at most \(maxTags)") }
        for (name, value) in tags.sorted(by: { $0.key < $1.key }) {
            guard DeviceAttributeRules.isTagName(name) else {
                throw ValidationError(field, "\"\(name.prefix(40))\" is not a tag name: 1 to 64 of A-Z a-z 0-9 _ . -")
            }
            let place = "\(field).\(name)"
            switch value {
            case .bool, .int: continue
            case .double(let number) where number.isFinite: continue
            case .string(let text):
                try JSONObjectReader.refuseNUL(text, place)
                guard text.utf8.count <= maxTagValueBytes else {
                    throw ValidationError(place, "is \(text.utf8.count) bytes; a tag's text is at most \(maxTagValueBytes) bytes")
                }
            default:
                throw ValidationError(
                    place, "expected a string, number or Boolean, found \(value.typeDescription); leave a tag out to remove it")
            }
        }
        return tags
    }
}
