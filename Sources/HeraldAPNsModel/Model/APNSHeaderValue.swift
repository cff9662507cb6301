/// The rule for a value that goes out verbatim as an `apns-*` header (the collapse id).
///
/// A header value is 1 to `maxBytes` bytes (UTF-8) of visible characters and inner
/// spaces: no control character (U+0000–U+001F, U+007F–U+009F) and no space at either
/// end. A CR or LF would end the header and start another (`"c\r\napns-expiration: 1"`
/// set a real `apns-expiration`), a NUL cuts it short, and other control characters and
/// outer spaces make HTTP/2 refuse the stream: each is refused before anything is sent.
/// `APNSRequest` applies it; the gateway applies the same rule to what a publish asks for.
public enum APNSHeaderValue {
    /// What is allowed, for messages: "1 to 64 bytes of visible characters ...".
    public static func rule(maxBytes: Int) -> String {
        "1 to \(maxBytes) bytes of visible characters (printable ASCII or other UTF-8 text, spaces only inside); no CR, LF, NUL or other control characters"
    }

    /// What is wrong with `value` as a header value, or `nil` when it may be sent.
    public static func problem(_ value: String, maxBytes: Int) -> String? {
        let bytes = value.utf8.count
        guard bytes > 0 else { return "is empty; give \(rule(maxBytes: maxBytes))" }
        guard bytes <= maxBytes else { return "is \(bytes) bytes; APNs allows \(maxBytes)" }
        for (offset, scalar) in value.unicodeScalars.enumerated() where scalar.properties.generalCategory == .control {
            return "has a control character (\(name(of: scalar))) at character \(offset + 1); give \(rule(maxBytes: maxBytes))"
        }
        if value.unicodeScalars.first == " " || value.unicodeScalars.last == " " {
            return "starts or ends with a space; give \(rule(maxBytes: maxBytes))"
        }
        return nil
    }

    /// `CR`, `LF`, `NUL`, `TAB`, `DEL`, or `U+001B` for the others.
    private static func name(of scalar: Unicode.Scalar) -> String {
        let names: [Unicode.Scalar: String] = ["\r": "CR", "\n": "LF", "\0": "NUL", "\t": "TAB", "\u{7F}": "DEL"]
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return names[scalar] ?? "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
