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
        // A condition on a tag that every matching device must meet is a set of device seqs an
        // index of `device_tags` lists, which the count reads first instead of testing every
        // device of the target (fan-out keeps the per-row test: it reads one page at a time).
        for conjunct in filter?.conjuncts ?? [] {
            if case .condition(let tag) = conjunct, case .tag(let name) = tag.field, tag.op != .ne {
                condition += " AND d.seq IN (SELECT t.device_seq FROM device_tags t WHERE t.app_id = \(b.bind(.text(appID))) AND "
                condition += tag.tagRow(name, &b) + ")"
            } else {
                condition += " AND " + conjunct.sql(&b)
            }
        }
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
        case .and(let filters) where filters.isEmpty: return "1 = 1"
        case .and(let filters): return "(" + filters.map { $0.sql(&b) }.joined(separator: " AND ") + ")"
        case .or(let filters) where filters.isEmpty: return "1 = 0"  // matches nothing (`AudienceFilter(stored:)`)
        case .or(let filters): return "(" + filters.map { $0.sql(&b) }.joined(separator: " OR ") + ")"
        case .not(let filter): return "NOT " + filter.sql(&b)
        }
    }
}

extension AudienceFilter {
    /// The filters all of which a device must match: the members of a top-level `and`.
    var conjuncts: [AudienceFilter] {
        guard case .and(let filters) = self else { return [self] }
        return filters.flatMap(\.conjuncts)
    }
}

extension AudienceFilter.Condition {
    func sql(_ b: inout SQLBindings) -> String {
        if case .tag(let name) = field, op != .ne {
            return "EXISTS (SELECT 1 FROM device_tags t WHERE t.device_seq = d.seq AND \(tagRow(name, &b)))"
        }
        switch op {
        case .ne: return "NOT " + AudienceFilter.Condition(field: field, op: .eq, value: value).sql(&b)
        case .in:
            // One set-membership test, not an `OR` of equalities: a planner's work on an `OR`
            // grows with its length (PostgreSQL plans each arm; its statement timeout is not
            // checked while it plans), a set is one test (`= ANY` of an array on PostgreSQL).
            let values = (value?.arrayValue ?? []).map { AudienceFilter.Condition(field: field, op: .eq, value: $0).bound }
            return "(\(column) IS NOT NULL AND \(column) IN (\(values.map { b.bind($0) }.joined(separator: ", "))))"
        default:
            let column = column
            guard let test = test(column, &b) else { return "\(column) IS NOT NULL" }
            return "(\(column) IS NOT NULL AND \(test))"
        }
    }

    /// The test of a `device_tags` row `t` that this condition (any operator but `ne`) on the
    /// tag `name` matches: its name, and its value in the column of the value's type.
    func tagRow(_ name: String, _ b: inout SQLBindings) -> String {
        let named = "t.name = \(b.bind(.text(name)))"
        guard op != .in else {
            // The list's values by type, each type's a set tested on its column.
            let values = value?.arrayValue ?? []
            let byColumn = Dictionary(grouping: values, by: Self.tagColumn)
            let tests = byColumn.keys.sorted().map { column in
                let bound = (byColumn[column] ?? []).map { b.bind(AudienceFilter.Condition(field: field, op: .eq, value: $0).bound) }
                return "\(column) IN (\(bound.joined(separator: ", ")))"
            }
            return named + " AND (" + (tests.isEmpty ? "1 = 0" : tests.joined(separator: " OR ")) + ")"
        }
        return typedTest(&b).map { named + " AND " + $0 } ?? named
    }

    /// `op value` on the tag column of the value's type; nil for `exists`.
    private func typedTest(_ b: inout SQLBindings) -> String? {
        value.flatMap { test(Self.tagColumn($0), &b) }
    }

    /// The `device_tags` column that holds a tag value of `value`'s type.
    private static func tagColumn(_ value: JSONValue) -> String {
        switch value {
        case .string: "t.value_text"
        case .bool: "t.value_bool"
        default: "t.value_number"
        }
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
        let operators: [AudienceFilter.Operator: String] = [.eq: "=", .lt: "<", .lte: "<=", .gt: ">", .gte: ">="]
        guard op == .prefix, case .string(let text) = value else { return "\(column) \(operators[op] ?? "=") \(b.bind(bound))" }
        // The first characters, compared exactly (LIKE ignores case on SQLite, not on PostgreSQL).
        return "substr(\(column), 1, \(text.unicodeScalars.count)) = \(b.bind(bound))"
    }

    /// The value as its column holds it; an app version's by its key
    /// (`DeviceAttributes.versionKey`), except for a prefix.
    var bound: SQLValue {
        switch value {
        case .string(let text)?: .text(field == .appVersion && op != .prefix ? DeviceAttributes.versionKey(of: text) : text)
        case .bool(let flag)?: .bool(flag)
        default: .double(value?.doubleValue ?? 0)
        }
    }
}
