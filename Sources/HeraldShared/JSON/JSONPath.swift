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

    public var components: [Component] {
        didSet { joins = Self.joins(of: components) }
    }

    /// For each position, the keys that plain components from there can form when
    /// joined by dots, shortest first; computed once so lookups never allocate.
    private var joins: [[String]]

    public init(components: [Component]) {
        self.components = components
        self.joins = Self.joins(of: components)
    }

    private static func joins(of components: [Component]) -> [[String]] {
        components.indices.map { start in
            var keys: [String] = []
            var key = ""
            for component in components[start...] {
                guard case .key(let part, exact: false) = component else { break }
                key = key.isEmpty ? part : key + "." + part
                keys.append(key)
            }
            return keys
        }
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
        self.init(components: components)
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The top-level keys this path can start with: one for an exact key, every
    /// dotted join of the leading plain keys otherwise.
    public var topLevelKeys: [String] {
        switch components.first {
        case .key(let key, exact: true)?: return [key]
        case .key(_, exact: false)?: return joins[0]
        default: return []
        }
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
        path.lookup(in: self, from: 0)
    }
}

extension JSONPath {
    fileprivate func lookup(in value: JSONValue, from position: Int) -> JSONValue? {
        guard position < components.count else { return value }
        switch components[position] {
        case .index(let index):
            guard let element = value[index] else { return nil }
            return lookup(in: element, from: position + 1)
        case .key(let key, exact: true):
            guard let member = value[key] else { return nil }
            return lookup(in: member, from: position + 1)
        case .key(let key, exact: false):
            if case .array = value {
                guard let index = Int(key), let element = value[index] else { return nil }
                return lookup(in: element, from: position + 1)
            }
            guard case .object(let members) = value else { return nil }
            // The longest run of plain keys joined by dots that names one member wins.
            let keys = joins[position]
            for length in stride(from: keys.count, through: 1, by: -1) {
                if let member = members[keys[length - 1]], let found = lookup(in: member, from: position + length) {
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
