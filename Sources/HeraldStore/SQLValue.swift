/// A value bound to a statement parameter, for either database. SQLite stores a Boolean
/// as 0 or 1; PostgreSQL gets everything in its text format but bytes, which go in binary
/// (a `bytea` parameter takes them as they are). PostgreSQL infers each parameter's type
/// from the statement; cast where it cannot (`$1::bytea`).
public enum SQLValue: Sendable, Hashable {
    case text(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case bytes([UInt8])
    case null

    public static func optional(_ text: String?) -> SQLValue { text.map(SQLValue.text) ?? .null }
    public static func optional(_ number: Int?) -> SQLValue { number.map(SQLValue.int) ?? .null }
    public static func optional(_ number: Double?) -> SQLValue { number.map(SQLValue.double) ?? .null }

    /// An array parameter in PostgreSQL's text form (`{1,2,3}`): cast it in the SQL
    /// (`$1::bigint[]`), so one prepared statement serves any number of values.
    public static func array(_ numbers: [Int]) -> SQLValue {
        .text("{" + numbers.map(String.init).joined(separator: ",") + "}")
    }

    /// A text array parameter (`{"a","b"}`, each element quoted): cast it as `$1::text[]`.
    public static func array(_ texts: [String]) -> SQLValue {
        let elements = texts.map { text in
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        return .text("{" + elements.joined(separator: ",") + "}")
    }
}

extension SQLValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
}
