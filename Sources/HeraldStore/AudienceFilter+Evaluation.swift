import HeraldShared

/// A filter tested against one device in memory, with the same meaning as its SQL
/// (`AudienceStatements`): what an explanation or a preview says of one device. Tags
/// compare by type (the text "2" is not the number 2), app versions part by part (`1.2`
/// is `1.2.0`), and a missing field matches `ne` only.
extension AudienceFilter {
    /// Why the device does not match: the first condition that fails, with its position
    /// (`filter.and[1]`) and the device's value; nil when it matches.
    public func mismatch(for device: DeviceRecord, path: String = "filter") -> FilterMismatch? {
        switch self {
        case .condition(let condition):
            return condition.matches(device) ? nil : FilterMismatch(path: path, detail: condition.failure(device))
        case .and(let filters):
            for (index, filter) in filters.enumerated() {
                if let mismatch = filter.mismatch(for: device, path: "\(path).and[\(index)]") { return mismatch }
            }
            return nil
        case .or(let filters):
            let failures = filters.enumerated().compactMap { $1.mismatch(for: device, path: "\(path).or[\($0)]") }
            guard failures.count == filters.count else { return nil }
            let first = failures.first.map { ": \($0.path): \($0.detail)" } ?? ""
            return FilterMismatch(path: path + ".or", detail: "none of its \(filters.count) filters matches\(first)")
        case .not(let filter):
            guard filter.mismatch(for: device, path: path + ".not") == nil else { return nil }
            return FilterMismatch(path: path + ".not", detail: "the device matches the filter under not")
        }
    }

    public func matches(_ device: DeviceRecord) -> Bool { mismatch(for: device) == nil }
}

/// Where a filter rejects a device, and why in words.
public struct FilterMismatch: Sendable, Hashable {
    /// The failing filter's position in the publish, such as `filter.and[1]`.
    public var path: String
    /// The condition and the device's value: `language "de" is not in ["fr", "en"]`.
    public var detail: String
}

extension AudienceFilter.Condition {
    /// The device's value of the field, as the filter reads it; nil when it has none.
    func value(of device: DeviceRecord) -> JSONValue? {
        switch field {
        case .tag(let name): device.tags[name]
        case .locale: device.locale.map(JSONValue.string)
        case .language: device.locale.map { .string(DeviceAttributes.language(of: $0)) }
        case .timeZone: device.timeZone.map(JSONValue.string)
        case .appVersion: device.appVersion.map(JSONValue.string)
        case .platform: .string(device.platform.rawValue)
        }
    }

    func matches(_ device: DeviceRecord) -> Bool {
        let value = value(of: device)
        let expected = self.value ?? .null
        switch op {
        case .exists: return value != nil
        case .eq: return value.map { same($0, expected) } ?? false
        case .ne: return !(value.map { same($0, expected) } ?? false)
        case .in: return value.map { v in (expected.arrayValue ?? []).contains { same(v, $0) } } ?? false
        case .prefix:
            guard case .string(let text)? = value, case .string(let prefix) = expected else { return false }
            return text.hasPrefix(prefix)
        case .lt, .lte, .gt, .gte:
            guard let value, let order = order(value, expected) else { return false }
            switch op {
            case .lt: return order < 0
            case .lte: return order <= 0
            case .gt: return order > 0
            default: return order >= 0
            }
        }
    }

    /// The failed condition in words, with the device's value.
    func failure(_ device: DeviceRecord) -> String {
        let name = field.name
        guard let value = value(of: device) else { return "the device has no \(name) (\(name) \(op.rawValue) needs one)" }
        let shown = JSONWriter.serialize(value)
        let expected = self.value.map { JSONWriter.serialize($0) } ?? ""
        switch op {
        case .eq: return "\(name) \(shown) is not \(expected)"
        case .ne: return "\(name) \(shown) is \(expected)"
        case .in: return "\(name) \(shown) is not in \(expected)"
        case .prefix: return "\(name) \(shown) does not start with \(expected)"
        case .exists: return "the device has no \(name)"
        case .lt: return "\(name) \(shown) is not < \(expected)"
        case .lte: return "\(name) \(shown) is not <= \(expected)"
        case .gt: return "\(name) \(shown) is not > \(expected)"
        case .gte: return "\(name) \(shown) is not >= \(expected)"
        }
    }

    /// Equal values of one type; app versions part by part.
    private func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if field == .appVersion { return order(a, b) == 0 }
        switch (a, b) {
        case (.string(let x), .string(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.bool, _), (_, .bool), (.string, _), (_, .string): return false
        default: return a.doubleValue == b.doubleValue
        }
    }

    /// The sign of a − b: numbers, or app versions by their sort key; nil for other types.
    private func order(_ a: JSONValue, _ b: JSONValue) -> Int? {
        if field == .appVersion, case .string(let x) = a, case .string(let y) = b {
            let (p, q) = (DeviceAttributes.versionKey(of: x), DeviceAttributes.versionKey(of: y))
            return p == q ? 0 : p < q ? -1 : 1
        }
        switch (a, b) {
        case (.string, _), (_, .string), (.bool, _), (_, .bool): return nil
        default: break
        }
        guard let x = a.doubleValue, let y = b.doubleValue else { return nil }
        return x == y ? 0 : x < y ? -1 : 1
    }
}
