/// A value bound to an SQLite statement parameter.
enum SQLValue: Sendable {
    case int(Int)
    case double(Double)
    case text(String)
    case blob([UInt8])
    case null

    static func optional(_ text: String?) -> SQLValue { text.map(SQLValue.text) ?? .null }
    static func optional(_ number: Double?) -> SQLValue { number.map(SQLValue.double) ?? .null }
}
