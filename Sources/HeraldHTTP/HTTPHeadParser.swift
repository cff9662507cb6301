/// Reads an HTTP/1.x request head (request line and header fields) off the start of a
/// buffer, strictly: CRLF line ends, no folded lines, no control characters in values,
/// one Content-Length. Whatever it refuses becomes a JSON error with the status HTTP
/// gives it (400, 414, 431, 505), so a client learns what was wrong.
struct HTTPHeadParser {
    struct Limits: Sendable {
        /// Longest request line (method, target with its query, version).
        var requestLineBytes = 8192
        /// Largest head: request line and every header field.
        var headBytes = 16384
        /// Most header fields.
        var headerCount = 100
    }

    /// A request head as sent.
    struct Head: Equatable {
        var method: String
        /// The request target as sent (path and query, still percent-encoded).
        var target: String
        /// 0 for HTTP/1.0, 1 for HTTP/1.1.
        var minorVersion: Int
        /// Field names lowercased; repeated fields joined with ", ".
        var headers: [String: String]

        /// The path without the query.
        var path: String { String(target.prefix { $0 != "?" }) }
        /// The query after `?`, still percent-encoded; empty when there is none.
        var query: String { target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) } ?? "" }
    }

    package enum Result: Equatable {
        /// More bytes are needed.
        case incomplete
        /// A head, and how many bytes of the buffer it took (its blank line included).
        case complete(Head, consumed: Int)
        case failed(HTTPProtocolError)
    }

    let limits: Limits

    /// Looks for a complete head at the start of `buffer`.
    func parse(_ buffer: [UInt8]) -> Result {
        guard let end = Self.blankLine(in: buffer, limit: limits.headBytes + 4) else {
            // A line ended by a bare LF would never make the blank line: refuse it now
            // rather than let the client wait for the head's deadline.
            if Self.bareLineFeed(in: buffer, limit: limits.headBytes + 4) {
                return .failed(.badRequest("a line of the head ends with a bare LF: end every line with CRLF (\\r\\n)"))
            }
            if let firstLine = Self.lineEnd(in: buffer, from: 0) {
                if firstLine > limits.requestLineBytes { return .failed(.uriTooLong(limits.requestLineBytes)) }
            } else if buffer.count > limits.requestLineBytes {
                return .failed(.uriTooLong(limits.requestLineBytes))
            }
            return buffer.count > limits.headBytes ? .failed(.headTooLarge(limits.headBytes)) : .incomplete
        }
        guard end <= limits.headBytes else { return .failed(.headTooLarge(limits.headBytes)) }
        do {
            return .complete(try head(buffer[0..<end]), consumed: end + 4)
        } catch {
            return .failed(error)
        }
    }

    private func head(_ bytes: ArraySlice<UInt8>) throws(HTTPProtocolError) -> Head {
        var lines = Self.split(bytes)
        guard !lines.isEmpty else { throw .badRequest("the request line is empty") }
        let requestLine = lines.removeFirst()
        guard requestLine.count <= limits.requestLineBytes else { throw .uriTooLong(limits.requestLineBytes) }
        let parts = requestLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw .badRequest("the request line is not METHOD TARGET HTTP/1.1 with single spaces")
        }
        guard !parts[0].isEmpty, parts[0].allSatisfy(Self.isToken) else { throw .badRequest("the method is not a token") }
        guard parts[1].first == UInt8(ascii: "/"), parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .badRequest("the request target must be a path starting with / of visible ASCII characters")
        }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            if version.hasPrefix("HTTP/") { throw .versionNotSupported(version) }
            throw .badRequest("the request line does not end with HTTP/1.1")
        }
        guard lines.count <= limits.headerCount else { throw .tooManyHeaders(limits.headerCount) }
        var headers: [String: String] = [:]
        for line in lines {
            let (name, value) = try Self.field(line)
            if let earlier = headers[name] {
                if name == "content-length" || name == "host" || name == "authorization" {
                    guard earlier == value else { throw .badRequest("the request has two different \(name) fields") }
                } else {
                    headers[name] = earlier + ", " + value
                }
            } else {
                headers[name] = value
            }
        }
        return Head(
            method: String(decoding: parts[0], as: UTF8.self), target: String(decoding: parts[1], as: UTF8.self),
            minorVersion: version == "HTTP/1.1" ? 1 : 0, headers: headers)
    }

    /// `name: value`, the name a token, the value without leading or trailing blanks.
    private static func field(_ line: ArraySlice<UInt8>) throws(HTTPProtocolError) -> (String, String) {
        guard let first = line.first, first != UInt8(ascii: " "), first != UInt8(ascii: "\t") else {
            throw .badRequest("a header field starts with a blank (folded lines are not accepted)")
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            throw .badRequest("a header line has no colon: \(Self.excerpt(line))")
        }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(isToken) else {
            throw .badRequest("a header name is not a token: \(Self.excerpt(name))")
        }
        var value = line[(colon + 1)...]
        while let byte = value.first, byte == 0x20 || byte == 0x09 { value = value.dropFirst() }
        while let byte = value.last, byte == 0x20 || byte == 0x09 { value = value.dropLast() }
        guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
            throw .badRequest("header \(String(decoding: name, as: UTF8.self)) holds a control character")
        }
        return (String(decoding: name, as: UTF8.self).lowercased(), String(decoding: value, as: UTF8.self))
    }

    /// Lines split on CRLF; a bare CR or LF inside the head is refused by the callers'
    /// checks (a line holding one fails the token and control-character tests).
    private static func split(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 13, index + 1 < bytes.endIndex, bytes[index + 1] == 10 {
                lines.append(bytes[start..<index])
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        lines.append(bytes[start..<bytes.endIndex])
        return lines
    }

    /// Where the first CRLF CRLF starts, looking no further than `limit` bytes.
    static func blankLine(in buffer: [UInt8], limit: Int) -> Int? {
        let end = min(buffer.count, limit)
        guard end >= 4 else { return nil }
        var index = 0
        while index + 3 < end {
            if buffer[index + 3] != 10 {
                index += buffer[index + 3] == 13 ? 1 : 4
                continue
            }
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13 { return index }
            index += 1
        }
        return nil
    }

    /// Whether a LF not preceded by CR stands in the first `limit` bytes.
    static func bareLineFeed(in buffer: [UInt8], limit: Int) -> Bool {
        for index in 0..<min(buffer.count, limit) where buffer[index] == 10 {
            if index == 0 || buffer[index - 1] != 13 { return true }
        }
        return false
    }

    private static func lineEnd(in buffer: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10 { return index }
            index += 1
        }
        return nil
    }

    /// RFC 9110 token characters.
    static func isToken(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
            UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    private static func excerpt(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.prefix(40).map { $0 < 0x20 || $0 >= 0x7F ? UInt8(ascii: "?") : $0 }, as: UTF8.self)
    }
}
