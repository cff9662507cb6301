import HeraldShared

/// Reads typed fields out of a JSON object, coercing what real senders get wrong
/// and recording each coercion as a `DecodingNote`.
struct LenientReader {
    let object: [String: JSONValue]
    let path: String
    var notes: [DecodingNote] = []

    init(_ object: [String: JSONValue], path: String) {
        self.object = object
        self.path = path
    }

    private mutating func note(_ key: String, _ problem: String, _ outcome: String, _ severity: DecodingNote.Severity = .error) {
        notes.append(DecodingNote(path: "\(path).\(key)", problem: problem, outcome: outcome, severity: severity))
    }

    /// A string; numbers and Booleans are read as their text.
    mutating func string(_ key: String) -> String? {
        guard let value = object[key], !value.isNull else { return nil }
        if let text = value.stringValue { return text }
        if let text = value.scalarText {
            note(key, "expected a string, found \(value.excerpt)", "read as \"\(text)\"")
            return text
        }
        note(key, "expected a string, found \(value.typeDescription)", "ignored")
        return nil
    }

    /// An integer; integral numbers and numeric strings are accepted.
    mutating func int(_ key: String) -> Int? {
        guard let value = object[key], !value.isNull else { return nil }
        if case .int(let number) = value { return number }
        let number = value.intValue ?? value.stringValue.flatMap { Int($0.trimmingSpaces) }
        return coerced(key, "an integer", value, number) { "\($0)" }
    }

    /// A number; numeric strings are accepted.
    mutating func double(_ key: String) -> Double? {
        guard let value = object[key], !value.isNull else { return nil }
        if let number = value.doubleValue { return number }
        let number = value.stringValue.flatMap { Double($0.trimmingSpaces) }.flatMap { $0.isFinite ? $0 : nil }
        return coerced(key, "a number", value, number, shown: JSONWriter.number)
    }

    /// `read`, what `value` (not `expected` itself) was read as, with a note saying so and
    /// showing it as `shown` gives it; without it, nil and a note that the value was ignored.
    private mutating func coerced<T>(_ key: String, _ expected: String, _ value: JSONValue, _ read: T?, shown: (T) -> String) -> T? {
        guard let read else {
            note(key, "expected \(expected), found \(value.excerpt)", "ignored")
            return nil
        }
        note(key, "expected \(expected), found \(value.excerpt)", "read as \(shown(read))")
        return read
    }

    /// APNs flags are the number 1; `true`, "1" and other numbers are read with a note.
    mutating func flag(_ key: String) -> Bool {
        guard let value = object[key], !value.isNull else { return false }
        switch value {
        case .int(1): return true
        case .int(0):
            note(key, "0 has no effect; omit the key", "read as off", .warning)
            return false
        case .bool(let on):
            note(key, "expected 1, found \(on)", "read as \(on ? "on" : "off")", .warning)
            return on
        case .int(let number):
            note(key, "expected 1, found \(number)", "read as \(number != 0 ? "on" : "off")")
            return number != 0
        case .string(let text):
            let on = ["1", "true", "yes"].contains(text.trimmingSpaces.lowercased())
            note(key, "expected 1, found \(value.excerpt)", "read as \(on ? "on" : "off")")
            return on
        default:
            note(key, "expected 1, found \(value.excerpt)", "read as off")
            return false
        }
    }

    /// An array of strings; scalars inside are read as text, a lone string as one element.
    mutating func strings(_ key: String) -> [String]? {
        guard let value = object[key], !value.isNull else { return nil }
        if let text = value.stringValue {
            note(key, "expected an array of strings, found a string", "read as [\"\(text)\"]")
            return [text]
        }
        guard let elements = value.arrayValue else {
            note(key, "expected an array of strings, found \(value.typeDescription)", "ignored")
            return nil
        }
        var result: [String] = []
        for (offset, element) in elements.enumerated() {
            if let text = element.stringValue {
                result.append(text)
            } else if let text = element.scalarText {
                note("\(key)[\(offset)]", "expected a string, found \(element.excerpt)", "read as \"\(text)\"", .warning)
                result.append(text)
            } else {
                note("\(key)[\(offset)]", "expected a string, found \(element.typeDescription)", "ignored")
            }
        }
        return result
    }
}

extension String {
    package var trimmingSpaces: Substring {
        var slice = self[...]
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return slice
    }
}
