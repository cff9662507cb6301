import HeraldShared

/// The values of a statement built at run time, each with its numbered placeholder
/// (`?N` on SQLite, `$N` on PostgreSQL) in the order bound.
struct SQLBindings {
    let dialect: SQLDialect
    private(set) var values: [SQLValue] = []

    init(_ dialect: SQLDialect) { self.dialect = dialect }

    /// The placeholder of `value`, bound next.
    mutating func bind(_ value: SQLValue) -> String {
        values.append(value)
        return (dialect == .sqlite ? "?" : "$") + String(values.count)
    }
}

/// The statement of an audience count, built at run time from the target and the filter.
enum AudienceStatements {
    /// Platform, language and count of the app's devices (not invalidated) that `target`
    /// (`interests`, `users` or `app`) names and `filter` matches, with its values: the
    /// condition fan-out applies, counted.
    static func count(appID: String, target: PublishTarget, filter: AudienceFilter?, dialect: SQLDialect) -> (sql: String, values: [SQLValue]) {
        var b = SQLBindings(dialect)
        var condition = "d.app_id = \(b.bind(.text(appID))) AND d.invalidated_at IS NULL"
        let keys = target.keys.map { b.bind(.text($0)) }.joined(separator: ", ")
        switch target {
        case .interests:
            condition += " AND EXISTS (SELECT 1 FROM device_interests i WHERE i.device_seq = d.seq AND i.interest IN (\(keys)))"
        case .users: condition += " AND d.user_id IN (\(keys))"
        default: break
        }
        if let filter { condition += " AND " + filter.sql(&b) }
        return ("SELECT d.platform, coalesce(d.language, ''), count(*) FROM devices d WHERE \(condition) GROUP BY d.platform, d.language", b.values)
    }
}

/// A filter as one SQL condition over the `devices` row `d`, written once for both stores.
/// Each condition is true or false, never NULL (a missing field is false for `eq` and
/// the rest, so `ne` and `not` are plain negations that match it).
extension AudienceFilter {
    func sql(_ b: inout SQLBindings) -> String {
        switch self {
        case .condition(let condition): return condition.sql(&b)
        case .and(let filters): return "(" + filters.map { $0.sql(&b) }.joined(separator: " AND ") + ")"
        case .or(let filters) where filters.isEmpty: return "1 = 0"  // matches nothing (`AudienceFilter(stored:)`)
        case .or(let filters): return "(" + filters.map { $0.sql(&b) }.joined(separator: " OR ") + ")"
        case .not(let filter): return "NOT " + filter.sql(&b)
        }
    }
}

extension AudienceFilter.Condition {
    func sql(_ b: inout SQLBindings) -> String {
        switch op {
        case .ne: return "NOT " + AudienceFilter.Condition(field: field, op: .eq, value: value).sql(&b)
        case .in:
            let values = value?.arrayValue ?? []
            return "(" + values.map { AudienceFilter.Condition(field: field, op: .eq, value: $0).sql(&b) }.joined(separator: " OR ") + ")"
        default: break
        }
        guard case .tag(let name) = field else {
            let column = column
            guard let test = test(column, &b) else { return "\(column) IS NOT NULL" }
            return "(\(column) IS NOT NULL AND \(test))"
        }
        let tag = "EXISTS (SELECT 1 FROM device_tags t WHERE t.device_seq = d.seq AND t.name = \(b.bind(.text(name)))"
        let typed: String
        switch value {
        case .string?: typed = "t.value_text"
        case .bool?: typed = "t.value_bool"
        case nil: return tag + ")"
        default: typed = "t.value_number"
        }
        return tag + " AND \(test(typed, &b) ?? "TRUE"))"
    }

    /// The devices column a field other than a tag reads: an app version's order key for
    /// its comparisons, its text for a prefix.
    private var column: String {
        switch field {
        case .locale: "d.locale"
        case .language: "d.language"
        case .timeZone: "d.time_zone"
        case .platform: "d.platform"
        case .appVersion: op == .prefix ? "d.app_version" : "d.app_version_key"
        case .tag: ""
        }
    }

    /// `column op value` (nil for `exists`); an app version's value is compared by its key
    /// (`DeviceAttributes.versionKey`), as the store keeps it.
    private func test(_ column: String, _ b: inout SQLBindings) -> String? {
        guard let value else { return nil }
        let bound: SQLValue
        switch value {
        case .string(let text): bound = .text(field == .appVersion && op != .prefix ? DeviceAttributes.versionKey(of: text) : text)
        case .bool(let flag): bound = .bool(flag)
        default: bound = .double(value.doubleValue ?? 0)
        }
        let operators: [AudienceFilter.Operator: String] = [.eq: "=", .lt: "<", .lte: "<=", .gt: ">", .gte: ">="]
        guard op == .prefix, case .string(let text) = value else { return "\(column) \(operators[op] ?? "=") \(b.bind(bound))" }
        // The first characters, compared exactly (LIKE ignores case on SQLite, not on PostgreSQL).
        return "substr(\(column), 1, \(text.unicodeScalars.count)) = \(b.bind(bound))"
    }
}
