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

    /// The limits a filter keeps: nesting depth, conditions in all, values of one `in`,
    /// values in all, and its cost per device (`cost`).
    public static let maxDepth = 8
    public static let maxConditions = 100
    public static let maxValues = 100
    public static let maxTotalValues = 1000
    public static let maxCost = 200

    /// What testing one device against a condition costs, in units of one comparison: a
    /// tag is a look-up in `device_tags` by device and name (`tagProbe` units), then its
    /// value compared with each of the condition's values; another field is its column
    /// compared with each value (`exists`: one test). An `in` list is compiled to one
    /// set-membership test (`IN (…)`), but counts each value: a list is searched, not free.
    public static let tagProbe = 10

    /// The filter's cost per device: the sum of its conditions' (`Condition.cost`). A count
    /// or a fan-out step costs about this times the devices it reads: on PostgreSQL about
    /// 0.1 µs per unit and device, so a count of 100,000 devices with the dearest filter
    /// allowed (`maxCost`) takes about 2 s, and one with a realistic filter (a handful of
    /// conditions, 20 to 100 units) a fraction of that. Fan-out reads a page at a time.
    public var cost: Int {
        switch self {
        case .condition(let condition): condition.cost
        case .and(let filters), .or(let filters): filters.reduce(0) { $0 + $1.cost }
        case .not(let filter): filter.cost
        }
    }
}

extension AudienceFilter.Condition {
    /// The values this condition compares with: an `in` list's count, none for `exists`, else 1.
    public var valueCount: Int {
        guard let value else { return 0 }
        return value.arrayValue?.count ?? 1
    }

    /// What testing one device against it costs (`AudienceFilter.tagProbe`).
    public var cost: Int {
        let comparisons = max(1, valueCount)
        guard case .tag = field else { return comparisons }
        return AudienceFilter.tagProbe + comparisons
    }
}
