/// `application/x-www-form-urlencoded` bodies: the token request's grant.
public enum FormEncoding {
    /// `name=value&…`, each percent-encoded (unreserved characters kept).
    public static func encode(_ fields: [(String, String)]) -> String {
        fields.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }

    /// The fields of a form body, in order; `nil` when a `%` escape is malformed.
    public static func decode(_ body: String) -> [(String, String)]? {
        var fields: [(String, String)] = []
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = unescape(parts[0]), let value = unescape(parts.count > 1 ? parts[1] : "") else { return nil }
            fields.append((name, value))
        }
        return fields
    }

    private static func escape(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded()
            }
        }
        return out
    }

    private static func unescape(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let high = utf8.index(after: index)
                guard high < utf8.endIndex, utf8.index(after: high) < utf8.endIndex,
                    let value = UInt8(String(decoding: utf8[high...utf8.index(after: high)], as: UTF8.self), radix: 16)
                else { return nil }
                bytes.append(value)
                index = utf8.index(high, offsetBy: 2)
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index = utf8.index(after: index)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    fileprivate func leftPadded() -> String { count == 1 ? "0" + self : self }
}
