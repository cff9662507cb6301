/// A route chosen by the fields of a notification's data rather than by its link.
///
/// ```swift
/// FieldRoute(when: ["type": "articles"], target: Screen.article, parameters: ["id": "conId"])
/// ```
///
/// Each condition compares the value at a path with the expected one:
/// - scalars compare as text, so `"2"` matches `2` and `true` matches `"true"`;
/// - the string `"*"` means the path is present with any value but `null`;
/// - `null` means the path is missing or `null`;
/// - arrays and objects must be equal.
///
/// A route with no conditions always matches, which makes it a fallback when listed last.
public struct FieldRoute<Target: Sendable>: Sendable {
    /// The values the data must hold, by path.
    public var conditions: [JSONPath: JSONValue]
    /// Where the data leads when every condition holds.
    public var target: Target
    /// Parameter names and the paths whose scalar text they take.
    public var parameters: [String: JSONPath]

    /// A route to `target` when every condition holds, taking `parameters` from the data.
    public init(when conditions: [JSONPath: JSONValue], target: Target, parameters: [String: JSONPath] = [:]) {
        self.conditions = conditions
        self.target = target
        self.parameters = parameters
    }

    /// Whether every condition holds for the values `lookup` finds.
    func holds(in lookup: (JSONPath) -> JSONValue?) -> Bool {
        conditions.allSatisfy { path, expected in Self.condition(expected, holdsFor: lookup(path)) }
    }

    /// The scalar text at each parameter's path; paths that miss or hold no scalar are left out.
    func captures(in lookup: (JSONPath) -> JSONValue?) -> [String: String] {
        var captured: [String: String] = [:]
        for (name, path) in parameters {
            if let text = lookup(path)?.scalarText { captured[name] = text }
        }
        return captured
    }

    /// Whether `actual`, the value found at a condition's path (if any), satisfies `expected`.
    static func condition(_ expected: JSONValue, holdsFor actual: JSONValue?) -> Bool {
        switch expected {
        case .string("*"):
            return actual.map { !$0.isNull } ?? false
        case .null:
            return actual?.isNull ?? true
        case .array, .object:
            return actual == expected
        case .bool, .int, .double, .string:
            guard let actualText = actual?.scalarText else { return false }
            return actualText == expected.scalarText
        }
    }
}
