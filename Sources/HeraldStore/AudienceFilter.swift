import HeraldShared

/// Which devices of an audience a publish reaches: conditions on what devices say about
/// themselves (`DeviceAttributes`, the platform), combined by `and`, `or` and `not`.
/// A device without the field (or tag) a condition reads matches none of `eq`, `in`,
/// `exists`, `lt`, `lte`, `gt`, `gte` and `prefix`, and matches `ne`; `not` matches exactly
/// the devices its filter does not. The store compiles it to one SQL condition
/// (`AudienceFilter.sql`); its JSON form is `AudienceFilter(json:path:)`.
public indirect enum AudienceFilter: Sendable, Hashable {
    case condition(Condition)
    case and([AudienceFilter])
    case or([AudienceFilter])
    case not(AudienceFilter)

    /// What a condition reads.
    public enum Field: Sendable, Hashable {
        /// A tag by name: a text, number or Boolean value.
        case tag(String)
        case locale, language, timeZone, appVersion, platform

        /// The wire name: `tag:NAME`, `locale`, `language`, `timeZone`, `appVersion`, `platform`.
        public var name: String {
            switch self {
            case .tag(let name): "tag:" + name
            case .locale: "locale"
            case .language: "language"
            case .timeZone: "timeZone"
            case .appVersion: "appVersion"
            case .platform: "platform"
            }
        }

        public init?(name: String) {
            switch name {
            case "locale": self = .locale
            case "language": self = .language
            case "timeZone": self = .timeZone
            case "appVersion": self = .appVersion
            case "platform": self = .platform
            default:
                guard name.hasPrefix("tag:"), DeviceAttributeRules.isTagName(String(name.dropFirst(4))) else { return nil }
                self = .tag(String(name.dropFirst(4)))
            }
        }
    }

    public enum Operator: String, Sendable, Hashable, CaseIterable {
        case eq, ne, `in`, exists, lt, lte, gt, gte, prefix

        /// An order comparison: numbers (tags) or app versions, compared part by part.
        public var isOrder: Bool { [.lt, .lte, .gt, .gte].contains(self) }
    }

    /// `field op value`: `value` is one text, number or Boolean (`eq`, `ne`, `lt`, `lte`,
    /// `gt`, `gte`, `prefix`), the list of them (`in`), or nil (`exists`).
    public struct Condition: Sendable, Hashable {
        public var field: Field
        public var op: Operator
        public var value: JSONValue?
    }

    /// The limits a filter keeps: nesting depth, conditions in all, values of one `in`.
    public static let maxDepth = 8
    public static let maxConditions = 100
    public static let maxValues = 100
}
