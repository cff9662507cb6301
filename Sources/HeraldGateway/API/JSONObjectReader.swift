import HeraldShared

/// Reads the fields of one JSON object with typed accessors; every mismatch is a
/// `ValidationError` naming the field's path and what was expected.
struct JSONObjectReader {
    let object: [String: JSONValue]
    let path: String

    init(_ value: JSONValue, path: String = "") throws(ValidationError) {
        guard case .object(let object) = value else {
            throw ValidationError(path.isEmpty ? "body" : path, "expected a JSON object, found \(value.typeDescription)")
        }
        self.object = object
        self.path = path
    }

    func field(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// Refuses keys outside `allowed`, naming them and the allowed ones (typos surface at once).
    func allow(_ allowed: [String]) throws(ValidationError) {
        let unknown = object.keys.filter { !allowed.contains($0) }.sorted()
        guard let first = unknown.first else { return }
        throw ValidationError(field(first), "unknown field; the fields here are \(allowed.joined(separator: ", "))")
    }

    func has(_ key: String) -> Bool { object[key] != nil }

    /// A value, `nil` when absent; `null` is refused unless `nullable` (then it reads as absent).
    private func value(_ key: String, required: Bool, nullable: Bool, expected: String) throws(ValidationError) -> JSONValue? {
        guard let value = object[key] else {
            if required { throw ValidationError(field(key), "is required") }
            return nil
        }
        if value == .null {
            if nullable && !required { return nil }
            throw ValidationError(
                field(key), required ? "is required, found null" : "expected \(expected), found null; leave the field out instead")
        }
        return value
    }

    func string(_ key: String, required: Bool = false, nullable: Bool = false, maxLength: Int = 4096) throws(ValidationError) -> String? {
        guard let value = try value(key, required: required, nullable: nullable, expected: "a string") else { return nil }
        guard case .string(let text) = value else { throw ValidationError(field(key), "expected a string, found \(value.typeDescription)") }
        guard !text.isEmpty else { throw ValidationError(field(key), "must not be empty") }
        try Self.refuseNUL(text, field(key))
        let length = text.unicodeScalars.count
        guard length <= maxLength else { throw ValidationError(field(key), "is \(length) characters; at most \(maxLength)") }
        return text
    }

    func number(_ key: String) throws(ValidationError) -> Double? {
        guard let value = try value(key, required: false, nullable: false, expected: "a number") else { return nil }
        switch value {
        case .int(let number): return Double(number)
        case .double(let number): return number
        default: throw ValidationError(field(key), "expected a number, found \(value.typeDescription)")
        }
    }

    func integer(_ key: String) throws(ValidationError) -> Int? {
        guard let value = try value(key, required: false, nullable: false, expected: "an integer") else { return nil }
        guard case .int(let number) = value else {
            throw ValidationError(field(key), "expected an integer, found \(value.typeDescription)")
        }
        return number
    }

    func objectValue(_ key: String) throws(ValidationError) -> [String: JSONValue]? {
        guard let value = try value(key, required: false, nullable: false, expected: "a JSON object") else { return nil }
        guard case .object(let inner) = value else {
            throw ValidationError(field(key), "expected a JSON object, found \(value.typeDescription)")
        }
        return inner
    }

    func strings(
        _ key: String, required: Bool = false, count range: ClosedRange<Int>,
        each validate: (String, String) throws(ValidationError) -> Void
    )
        throws(ValidationError) -> [String]?
    {
        guard let value = try value(key, required: required, nullable: false, expected: "an array of strings") else { return nil }
        guard case .array(let elements) = value else {
            throw ValidationError(field(key), "expected an array of strings, found \(value.typeDescription)")
        }
        guard range.contains(elements.count) else {
            throw ValidationError(field(key), "has \(elements.count) entries; give \(range.lowerBound) to \(range.upperBound)")
        }
        var result: [String] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let where_ = "\(field(key))[\(index)]"
            guard case .string(let text) = element else {
                throw ValidationError(where_, "expected a string, found \(element.typeDescription)")
            }
            try Self.refuseNUL(text, where_)
            try validate(text, where_)
            result.append(text)
        }
        return result
    }

    /// No field may hold U+0000: PostgreSQL's text cannot store it, and no id, interest or
    /// key needs it; both stores refuse it alike, here.
    static func refuseNUL(_ text: String, _ field: String) throws(ValidationError) {
        guard text.unicodeScalars.contains("\0") else { return }
        throw ValidationError(field, "contains the NUL character (U+0000), which no text field may hold; remove it")
    }
}
