extension JSONReader {
    /// Reads a string starting at its opening quote; validates UTF-8 and decodes escapes.
    mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes, no control characters; ASCII needs no validation.
        var seen: UInt8 = 0
        while index < buffer.count {
            let byte = buffer[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: buffer[start..<index])
                index += 1
                if seen < 0x80 {
                    return String(unsafeUninitializedCapacity: slice.count) { target in
                        _ = target.initialize(fromContentsOf: slice)
                        return slice.count
                    }
                }
                guard let text = String(validating: slice, as: UTF8.self) else {
                    throw error(.invalidUTF8, at: start)
                }
                return text
            }
            seen |= byte
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error(.controlCharacterInString) }
            index += 1
        }
        guard index < buffer.count else { throw error(.unexpectedEnd(expecting: "the closing '\"' of a string")) }
        var bytes = Array(UnsafeBufferPointer(rebasing: buffer[start..<index]))
        while index < buffer.count {
            let byte = buffer[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validating: bytes, as: UTF8.self) else { throw error(.invalidUTF8, at: start) }
                return text
            case UInt8(ascii: "\\"):
                try parseEscape(into: &bytes)
            case 0..<0x20:
                throw error(.controlCharacterInString)
            default:
                bytes.append(byte)
                index += 1
            }
        }
        throw error(.unexpectedEnd(expecting: "the closing '\"' of a string"))
    }

    private mutating func parseEscape(into bytes: inout [UInt8]) throws(JSONParseError) {
        let escapeStart = index
        index += 1
        guard index < buffer.count else { throw error(.unexpectedEnd(expecting: "an escape sequence")) }
        let code = buffer[index]
        index += 1
        switch code {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): bytes.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): bytes.append(0x08)
        case UInt8(ascii: "f"): bytes.append(0x0C)
        case UInt8(ascii: "n"): bytes.append(0x0A)
        case UInt8(ascii: "r"): bytes.append(0x0D)
        case UInt8(ascii: "t"): bytes.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4(escapeStart: escapeStart)
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < buffer.count, buffer[index] == UInt8(ascii: "\\"), buffer[index + 1] == UInt8(ascii: "u")
                else { throw error(.invalidEscape("\\u\(String(scalar, radix: 16)) (a lone surrogate)"), at: escapeStart) }
                index += 2
                let low = try hex4(escapeStart: escapeStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error(.invalidEscape("\\u\(String(scalar, radix: 16)) (a surrogate without its pair)"), at: escapeStart)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error(.invalidEscape("\\u\(String(scalar, radix: 16)) (a lone surrogate)"), at: escapeStart)
            }
            guard let unicode = Unicode.Scalar(scalar) else {
                throw error(.invalidEscape("\\u\(String(scalar, radix: 16))"), at: escapeStart)
            }
            bytes.append(contentsOf: String(Character(unicode)).utf8)
        default:
            throw error(.invalidEscape("\\" + (code < 0x80 && code >= 0x20 ? String(Character(Unicode.Scalar(code))) : "?")), at: escapeStart)
        }
    }

    private mutating func hex4(escapeStart: Int) throws(JSONParseError) -> UInt32 {
        guard index + 4 <= buffer.count else { throw error(.unexpectedEnd(expecting: "four hex digits after \\u")) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = buffer[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error(.invalidEscape("\\u with a non-hex digit"), at: escapeStart)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
