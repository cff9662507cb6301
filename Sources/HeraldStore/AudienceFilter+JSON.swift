import HeraldShared

/// A filter that does not fit: its position (`filter.and[2].value`) and what is wrong.
public typealias AudienceFilterError = FieldError<AudienceFilterDomain>

/// The domain of `AudienceFilterError`: a publish's or an audience request's `filter`.
public enum AudienceFilterDomain {}

/// The JSON form: `{"field": F, "op": OP, "value": V}`, `{"and": [...]}`, `{"or": [...]}`,
/// `{"not": {...}}`; read from a request (checked against the limits) and from the store.
extension AudienceFilter {
    public init(json: JSONValue, path: String = "filter") throws(AudienceFilterError) {
        try self.init(json: json, path: path, budgeted: true)
    }

    /// `budgeted`: held to the values in all and the cost (`maxTotalValues`, `maxCost`),
    /// as a request is; a stored filter is read as it was accepted, under the limits of
    /// its day, so a publish queued before an upgrade is never narrowed by it.
    init(json: JSONValue, path: String, budgeted: Bool) throws(AudienceFilterError) {
        var tally = Tally(budgeted: budgeted)
        let filter = try Self.parse(json, path: path, depth: 1, tally: &tally)
        guard !budgeted || filter.cost <= Self.maxCost else {
            throw AudienceFilterError(
                path,
                "costs \(filter.cost) units per device, more than the \(Self.maxCost) a filter may: a tag condition costs "
                    + "\(Self.tagProbe) plus 1 per value, another field 1 per value; use fewer tag conditions or shorter in lists")
        }
        self = filter
    }

    /// What a filter holds so far, against its limits.
    private struct Tally {
        var budgeted: Bool
        var conditions = 0
        var values = 0
    }

    public var json: JSONValue {
        switch self {
        case .condition(let c):
            var object: [String: JSONValue] = ["field": .string(c.field.name), "op": .string(c.op.rawValue)]
            if let value = c.value { object["value"] = value }
            return .object(object)
        case .and(let filters): return .object(["and": .array(filters.map(\.json))])
        case .or(let filters): return .object(["or": .array(filters.map(\.json))])
        case .not(let filter): return .object(["not": filter.json])
        }
    }

    /// As stored with a publish, and back. Text that does not read as a filter (never
    /// written so) matches no device: a publish is never sent wider than its filter.
    var stored: String { JSONWriter.serialize(json) }
    init(stored: String) {
        guard let value = try? JSONParser().parse(stored), let filter = try? AudienceFilter(json: value, path: "filter", budgeted: false) else {
            self = .or([])
            return
        }
        self = filter
    }

    private static func parse(_ json: JSONValue, path: String, depth: Int, tally: inout Tally) throws(AudienceFilterError)
        -> AudienceFilter
    {
        guard depth <= maxDepth else { throw AudienceFilterError(path, "nests deeper than \(maxDepth) levels; flatten the filter") }
        guard let object = json.objectValue else {
            throw AudienceFilterError(
                path, "is not an object: give {\"field\", \"op\", \"value\"}, {\"and\": [...]}, {\"or\": [...]} or {\"not\": {...}}")
        }
        for key in ["and", "or", "not"] {
            guard let inner = object[key] else { continue }
            guard object.count == 1 else {
                throw AudienceFilterError(path, "\"\(key)\" stands alone in its object; put other conditions inside it")
            }
            if key == "not" { return .not(try parse(inner, path: path + ".not", depth: depth + 1, tally: &tally)) }
            guard let items = inner.arrayValue, !items.isEmpty else {
                throw AudienceFilterError(path + "." + key, "is not a non-empty array of filters")
            }
            var filters: [AudienceFilter] = []
            for (index, item) in items.enumerated() {
                filters.append(try parse(item, path: "\(path).\(key)[\(index)]", depth: depth + 1, tally: &tally))
            }
            return key == "and" ? .and(filters) : .or(filters)
        }
        tally.conditions += 1
        guard tally.conditions <= maxConditions else {
            throw AudienceFilterError(path, "is condition \(tally.conditions): a filter holds at most \(maxConditions)")
        }
        let condition = try condition(object, path: path)
        tally.values += condition.valueCount
        guard !tally.budgeted || tally.values <= maxTotalValues else {
            throw AudienceFilterError(
                path + ".value", "brings the filter's values to \(tally.values): a filter holds at most \(maxTotalValues) in all")
        }
        return .condition(condition)
    }

    private static func condition(_ object: [String: JSONValue], path: String) throws(AudienceFilterError) -> Condition {
        if let extra = object.keys.sorted().first(where: { !["field", "op", "value"].contains($0) }) {
            throw AudienceFilterError("\(path).\(extra)", "is not a filter field: give field, op and value, or and, or, not")
        }
        let names = "tag:NAME (a tag name: 1 to 64 of A-Z a-z 0-9 _ . -), locale, language, timeZone, appVersion or platform"
        guard let name = object["field"]?.stringValue, let field = Field(name: name) else {
            throw AudienceFilterError(path + ".field", "is not \(names)")
        }
        guard let opName = object["op"]?.stringValue, let op = Operator(rawValue: opName) else {
            throw AudienceFilterError(path + ".op", "is not one of \(Operator.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let valuePath = path + ".value"
        let value = object["value"]
        switch op {
        case .exists:
            guard value == nil else { throw AudienceFilterError(valuePath, "exists takes no value; leave it out") }
        case .in:
            guard let values = value?.arrayValue, (1...maxValues).contains(values.count) else {
                throw AudienceFilterError(valuePath, "in takes an array of 1 to \(maxValues) values")
            }
            for (index, item) in values.enumerated() { try check(item, field: field, op: .eq, path: "\(valuePath)[\(index)]") }
        default:
            guard let value else { throw AudienceFilterError(valuePath, "is missing: \(op.rawValue) compares with a value") }
            try check(value, field: field, op: op, path: valuePath)
        }
        return Condition(field: field, op: op, value: op == .prefix ? value : value.map { stored($0, field) })
    }

    /// A locale or language compared as the store keeps it: a locale in the standard case
    /// (`de-at` is `de-AT`), a language in lower case.
    private static func stored(_ value: JSONValue, _ field: Field) -> JSONValue {
        switch (field, value) {
        case (.locale, .string(let text)): .string(DeviceAttributeRules.languageTag(text) ?? text)
        case (.language, .string(let text)): .string(text.lowercased())
        case (_, .array(let values)): .array(values.map { stored($0, field) })
        default: value
        }
    }

    /// One value fits the field and the operator: text, numbers and Booleans for tags (a
    /// number for an order, text for a prefix), text for the other fields, an app version
    /// (1 to 4 dot-separated numbers) to order app versions, `apns` or `fcm` for the platform.
    private static func check(_ value: JSONValue, field: Field, op: Operator, path: String) throws(AudienceFilterError) {
        if case .string(let text) = value, text.unicodeScalars.contains("\0") {
            throw AudienceFilterError(path, "contains a NUL character, which no device's value holds")
        }
        switch (field, value) {
        case (.tag, .string): guard !op.isOrder else { throw AudienceFilterError(path, "\(op.rawValue) compares numbers: give a number") }
        case (.tag, .int), (.tag, .double), (.tag, .bool):
            guard op != .prefix else { throw AudienceFilterError(path, "prefix takes text") }
            if case .bool = value, op.isOrder { throw AudienceFilterError(path, "\(op.rawValue) compares numbers: give a number") }
        case (.appVersion, .string(let text)) where op.isOrder || op == .eq || op == .ne:
            guard DeviceAttributeRules.isAppVersion(text) else {
                throw AudienceFilterError(path, "\"\(text)\" is not an app version: 1 to 4 dot-separated numbers")
            }
        case (.platform, .string(let text)) where op != .prefix && !op.isOrder:
            guard PushPlatform(rawValue: text) != nil else { throw AudienceFilterError(path, "\"\(text)\" is not apns or fcm") }
        case (.locale, .string), (.language, .string), (.timeZone, .string), (.appVersion, .string), (.platform, .string):
            guard !op.isOrder else {
                throw AudienceFilterError(path, "\(op.rawValue) orders numbers (tags) and app versions only, not \(field.name)")
            }
        case (.tag, _): throw AudienceFilterError(path, "is not text, a number or a Boolean")
        default: throw AudienceFilterError(path, "\(field.name) compares with text")
        }
    }
}
