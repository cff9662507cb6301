/// The recursive-descent reader behind `JSONParser`; one per parse.
struct JSONReader {
    let buffer: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var index = 0
    var depth = 0

    init(buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.buffer = buffer
        self.maxDepth = maxDepth
    }

    mutating func document() throws(JSONParseError) -> JSONValue {
        if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { index = 3 }
        skipWhitespace()
        guard index < buffer.count else { throw error(.empty) }
        let value = try parseValue()
        skipWhitespace()
        guard index == buffer.count else { throw error(.trailingContent) }
        return value
    }

    // MARK: Values

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < buffer.count else { throw error(.unexpectedEnd(expecting: "a value")) }
        switch buffer[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw unexpected(expecting: "a value")
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enter()
        index += 1
        var members: [String: JSONValue] = Dictionary(minimumCapacity: 8)
        skipWhitespace()
        if closes(UInt8(ascii: "}")) { return .object(members) }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw unexpected(expecting: "a member name in double quotes") }
            let key = try parseString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw unexpected(expecting: "':' after the member name") }
            index += 1
            skipWhitespace()
            members[key] = try parseValue()
            skipWhitespace()
            if closes(UInt8(ascii: "}")) { return .object(members) }
            guard peek() == UInt8(ascii: ",") else { throw unexpected(expecting: "',' or '}' after an object member") }
            index += 1
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enter()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if closes(UInt8(ascii: "]")) { return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            if closes(UInt8(ascii: "]")) { return .array(elements) }
            guard peek() == UInt8(ascii: ",") else { throw unexpected(expecting: "',' or ']' after an array element") }
            index += 1
        }
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > maxDepth { throw error(.tooDeep(limit: maxDepth)) }
    }

    /// Whether `bracket`, the end of the object or array being read, is next: if so, steps
    /// over it and leaves the container (`enter` in reverse).
    private mutating func closes(_ bracket: UInt8) -> Bool {
        guard peek() == bracket else { return false }
        index += 1
        depth -= 1
        return true
    }

    private mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        let start = word.utf8Start
        for offset in 0..<count {
            guard index + offset < buffer.count else { throw error(.unexpectedEnd(expecting: "\(word)"), at: index + offset) }
            guard buffer[index + offset] == start[offset] else {
                index += offset
                throw unexpected(expecting: "\(word)")
            }
        }
        index += count
    }

    // MARK: Numbers

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        var isIntegral = true
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), isDigit(first) else { throw invalidNumber(from: start) }
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = peek(), isDigit(next) { throw invalidNumber(from: start) }
        } else {
            skipDigits()
        }
        if peek() == UInt8(ascii: ".") {
            isIntegral = false
            index += 1
            guard let digit = peek(), isDigit(digit) else { throw invalidNumber(from: start) }
            skipDigits()
        }
        if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            isIntegral = false
            index += 1
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
            guard let digit = peek(), isDigit(digit) else { throw invalidNumber(from: start) }
            skipDigits()
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self)
        if isIntegral, let integer = Int(text) { return .int(integer) }
        guard let double = Double(text), double.isFinite else { throw invalidNumber(from: start) }
        return .double(double)
    }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func invalidNumber(from start: Int) -> JSONParseError {
        var end = index
        while end < buffer.count, end - start < 24, !isDelimiter(buffer[end]) { end += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
        return error(.invalidNumber(text), at: start)
    }

    private func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: " "),
            UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
            return true
        default: return false
        }
    }

    // MARK: Whitespace and errors

    @inline(__always)
    private func peek() -> UInt8? {
        index < buffer.count ? buffer[index] : nil
    }

    private mutating func skipWhitespace() {
        while index < buffer.count {
            switch buffer[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }

    mutating func unexpected(expecting: String) -> JSONParseError {
        guard index < buffer.count else { return error(.unexpectedEnd(expecting: expecting)) }
        return error(.unexpectedCharacter(found: describe(at: index), expecting: expecting))
    }

    func describe(at position: Int) -> String {
        let byte = buffer[position]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x20 { return "control character 0x\(String(byte, radix: 16))" }
        return "a non-ASCII character"
    }

    func error(_ reason: JSONParseError.Reason, at position: Int? = nil) -> JSONParseError {
        let offset = min(position ?? index, buffer.count)
        var line = 1
        var lineStart = 0
        for i in 0..<offset where buffer[i] == UInt8(ascii: "\n") {
            line += 1
            lineStart = i + 1
        }
        return JSONParseError(reason: reason, offset: offset, line: line, column: offset - lineStart + 1)
    }
}
