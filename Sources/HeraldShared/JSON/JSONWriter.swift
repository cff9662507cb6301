/// Serializes `JSONValue`s: compact or pretty, keys sorted so output is stable.
public enum JSONWriter {
    /// Text form of `value`; keys are sorted, so equal values give equal text.
    public static func serialize(_ value: JSONValue, pretty: Bool = false) -> String {
        var out = ""
        write(value, into: &out, pretty: pretty, indent: 0)
        return out
    }

    /// The number of UTF-8 bytes of the compact form, as a sender would put on the wire.
    public static func compactByteCount(_ value: JSONValue) -> Int {
        serialize(value).utf8.count
    }

    /// The shortest text that reads back as `number`, in JSON syntax.
    package static func number(_ number: Double) -> String {
        if number.rounded() == number && abs(number) < 1e15 {
            return String(Int(number))
        }
        return "\(number)"
    }

    private static func write(_ value: JSONValue, into out: inout String, pretty: Bool, indent: Int) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d): out += number(d)
        case .string(let s): writeString(s, into: &out)
        case .array(let elements):
            if elements.isEmpty {
                out += "[]"
                return
            }
            out += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { out += "," }
                newline(into: &out, pretty: pretty, indent: indent + 1)
                write(element, into: &out, pretty: pretty, indent: indent + 1)
            }
            newline(into: &out, pretty: pretty, indent: indent)
            out += "]"
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            out += "{"
            for (offset, key) in members.keys.sorted().enumerated() {
                if offset > 0 { out += "," }
                newline(into: &out, pretty: pretty, indent: indent + 1)
                writeString(key, into: &out)
                out += pretty ? ": " : ":"
                write(members[key] ?? .null, into: &out, pretty: pretty, indent: indent + 1)
            }
            newline(into: &out, pretty: pretty, indent: indent)
            out += "}"
        }
    }

    private static func newline(into out: inout String, pretty: Bool, indent: Int) {
        guard pretty else { return }
        out += "\n"
        out += String(repeating: "  ", count: indent)
    }

    private static func writeString(_ string: String, into out: inout String) {
        out += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
