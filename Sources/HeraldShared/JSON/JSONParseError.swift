/// Why some bytes are not a JSON document, and where.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        case empty
        case unexpectedEnd(expecting: String)
        case unexpectedCharacter(found: String, expecting: String)
        case tooDeep(limit: Int)
        case invalidUTF8
        case invalidEscape(String)
        case invalidNumber(String)
        case controlCharacterInString
        case trailingContent
    }

    public var reason: Reason
    /// Byte offset of the problem, from 0.
    public var offset: Int
    /// Line of the problem, from 1.
    public var line: Int
    /// Column (in bytes) of the problem, from 1.
    public var column: Int

    public var description: String {
        "line \(line), column \(column): \(message)"
    }

    /// The problem without its position, with a hint on how to fix it.
    public var message: String {
        switch reason {
        case .empty:
            return "the input is empty; expected a JSON object such as {\"aps\": {...}}"
        case .unexpectedEnd(let expecting):
            return "the input ends too early; expected \(expecting) (is the file cut short?)"
        case .unexpectedCharacter(let found, let expecting):
            return "found \(found) where \(expecting) was expected"
        case .tooDeep(let limit):
            return "values are nested more than \(limit) levels deep; no real payload is, so this input is refused"
        case .invalidUTF8:
            return "the text is not valid UTF-8; save the file as UTF-8"
        case .invalidEscape(let escape):
            return "invalid escape \(escape) in a string"
        case .invalidNumber(let text):
            return "invalid number \(text)"
        case .controlCharacterInString:
            return "a control character inside a string must be escaped (\\n, \\t, \\u0000…)"
        case .trailingContent:
            return "more content after the JSON value; a payload is one JSON object"
        }
    }
}
