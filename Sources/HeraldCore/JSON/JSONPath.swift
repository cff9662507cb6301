/// A path into a JSON value: `aps.alert.body`, `items[0].id`, `data["gcm.message_id"]`.
///
/// Providers use keys that contain dots (`gcm.message_id`, `google.c.a.e`), so a
/// lookup first tries the longest run of dotted components that exists as one key,
/// then shorter ones: `gcm.message_id` finds the key `"gcm.message_id"` as well as
/// `{"gcm": {"message_id": …}}`. Brackets with quotes name a key exactly.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// One step of a path.
    public enum Component: Sendable, Hashable {
        /// An object member; `exact` keys never join with their neighbours.
        case key(String, exact: Bool)
        case index(Int)
    }

    public var components: [Component]

    public init(components: [Component]) {
        self.components = components
    }

    /// Parses the dotted text form; it never fails: odd text becomes plain keys.
    public init(_ text: String) {
        var components: [Component] = []
        var current = ""
        var chars = Array(text)[...]
        func flush() {
            if !current.isEmpty { components.append(.key(current, exact: false)) }
            current = ""
        }
        while let char = chars.popFirst() {
            switch char {
            case ".":
                flush()
            case "[":
                flush()
                var inner = ""
                while let next = chars.popFirst(), next != "]" { inner.append(next) }
                if let number = Int(inner) {
                    components.append(.index(number))
                } else {
                    let unquoted = inner.count >= 2 && (inner.first == "\"" || inner.first == "'")
                        ? String(inner.dropFirst().dropLast()) : inner
                    components.append(.key(unquoted, exact: true))
                }
            default:
                current.append(char)
            }
        }
        flush()
        self.components = components
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The path in its text form.
    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key, let exact):
                if exact || key.contains(".") {
                    text += "[\"\(key)\"]"
                } else {
                    text += text.isEmpty ? key : ".\(key)"
                }
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    /// The path with `key` added at the end.
    public func appending(_ key: String) -> JSONPath {
        JSONPath(components: components + [.key(key, exact: true)])
    }
}

extension JSONValue {
    /// The value at `path`, or `nil` when any step is missing or of the wrong kind.
    public subscript(path path: JSONPath) -> JSONValue? {
        Self.lookup(self, path.components[...])
    }

    private static func lookup(_ value: JSONValue, _ rest: ArraySlice<JSONPath.Component>) -> JSONValue? {
        guard let first = rest.first else { return value }
        switch first {
        case .index(let index):
            guard let element = value[index] else { return nil }
            return lookup(element, rest.dropFirst())
        case .key(let key, exact: true):
            guard let member = value[key] else { return nil }
            return lookup(member, rest.dropFirst())
        case .key(let key, exact: false) where value.arrayValue != nil:
            guard let index = Int(key), let element = value[index] else { return nil }
            return lookup(element, rest.dropFirst())
        case .key:
            guard let members = value.objectValue else { return nil }
            // Longest run of plain keys joined by dots that names one member wins.
            var run: [String] = []
            for component in rest {
                guard case .key(let key, exact: false) = component else { break }
                run.append(key)
            }
            for length in stride(from: run.count, through: 1, by: -1) {
                if let member = members[run[0..<length].joined(separator: ".")],
                    let found = lookup(member, rest.dropFirst(length))
                {
                    return found
                }
            }
            return nil
        }
    }
}

extension JSONPath: ExpressibleByArrayLiteral {
    /// A path of exact keys: `["gcm.message_id"]` names the one key with a dot in it.
    public init(arrayLiteral elements: String...) {
        self.init(components: elements.map { .key($0, exact: true) })
    }
}
