import Foundation
import HeraldShared

extension HTTPResponse {
    /// The response as HTTP/1.1 bytes: status line, the handler's headers,
    /// `X-Content-Type-Options: nosniff` (unless the handler set it), Content-Length (not on a
    /// 304, which has no body: its length would be the 200's), Date, Connection when it
    /// differs from the version's default, and the body.
    func wire(keepAlive: Bool, http10: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        var sniffing = true
        for (name, value) in headers where !Self.framing.contains(name.lowercased()) {
            head += "\(name): \(value)\r\n"
            if name.lowercased() == "x-content-type-options" { sniffing = false }
        }
        // A browser must take every answer as the type it says (a JSON error quoting what a
        // client sent is never run as a page).
        if sniffing { head += "X-Content-Type-Options: nosniff\r\n" }
        if status != 304 { head += "Content-Length: \(body.count)\r\n" }
        head += "Date: \(HTTPDate.now())\r\n"
        if !keepAlive {
            head += "Connection: close\r\n"
        } else if http10 {
            head += "Connection: keep-alive\r\n"
        }
        head += "\r\n"
        var bytes = Array(head.utf8)
        bytes.reserveCapacity(bytes.count + body.count)
        bytes += body
        return bytes
    }

    /// Headers the server sets itself, whatever a handler says.
    private static let framing: Set<String> = ["content-length", "connection", "transfer-encoding", "date"]

    static func reason(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 417: "Expectation Failed"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status"
        }
    }
}

/// The Date header's value (RFC 9110 IMF-fixdate), made once a second.
enum HTTPDate {
    private static let cache = Locked<(second: Int, text: String)>((-1, ""))

    static func now() -> String {
        let time = Date()
        let second = Int(time.timeIntervalSince1970)
        if let text = cache.withLock({ $0.second == second ? $0.text : nil }) { return text }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let text = formatter.string(from: time)
        cache.withLock { $0 = (second, text) }
        return text
    }
}
