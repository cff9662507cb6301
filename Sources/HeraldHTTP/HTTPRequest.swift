import Foundation

/// An HTTP request as the API handlers see it: no sockets, so handlers are pure
/// functions of request to response and are tested without a server.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path without the query, e.g. `/v1/apps/app_1/devices`.
    public var path: String
    /// The query after `?`, still percent-encoded (`limit=20&userId=maya`); empty when none.
    public var query: String
    /// Header names lowercased.
    public var headers: [String: String]
    public var body: [UInt8]
    /// The address the connection comes from, without its port (empty when unknown, as in
    /// tests); behind a proxy it is the proxy's (see `ClientAddress`).
    public var peerAddress: String

    public init(
        method: String, path: String, query: String = "", headers: [String: String] = [:], body: [UInt8] = [], peerAddress: String = ""
    ) {
        self.method = method
        self.peerAddress = peerAddress
        self.path = path
        self.query = query
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The credentials of an `Authorization: Bearer …` header (the scheme in any case),
    /// without the spaces and tabs around them; nil when the request has no such header.
    public var bearerToken: String? {
        let lower = { (byte: UInt8) in byte >= 65 && byte <= 90 ? byte + 32 : byte }
        guard let header = headers["authorization"], header.utf8.prefix(7).map(lower).elementsEqual("bearer ".utf8) else { return nil }
        let bytes = header.utf8
        let isSpace = { (byte: UInt8) in byte == 32 || byte == 9 }
        var start = bytes.index(bytes.startIndex, offsetBy: 7)
        var end = bytes.endIndex
        while start < end, isSpace(bytes[start]) { start = bytes.index(after: start) }
        while end > start, isSpace(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        return String(header[start..<end])
    }

    /// The query's parameters, percent-decoded (`+` is a space). The API refuses a query
    /// that names a parameter twice (`repeatedQueryName`) before any handler reads this.
    public var queryItems: [String: String] {
        var items: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in
                String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
            }
            let name = decode(parts[0])
            if items[name] == nil { items[name] = parts.count > 1 ? decode(parts[1]) : "" }
        }
        return items
    }

    /// The first parameter name the query gives twice (decoded), if any: which of two
    /// values a client meant cannot be guessed.
    public var repeatedQueryName: String? {
        var seen: Set<String> = []
        for pair in query.split(separator: "&") {
            let raw = pair.prefix { $0 != "=" }
            let name = String(raw).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(raw)
            if !seen.insert(name).inserted { return name }
        }
        return nil
    }

    /// The body length the head announces (0 when it announces none).
    public var declaredLength: Int { headers["content-length"].flatMap(Int.init) ?? 0 }
}

/// What the server does once a request's head is in, before a byte of its body is read:
/// a request that is refused (no key, wrong key, over a limit) costs no body memory. The
/// decision is made on an event loop, which must never wait: whatever needs the store is
/// `defer`red to the worker pool, and `read`'s handler runs there too.
public enum HTTPHeadDecision: Sendable {
    /// Answer now; a body the client announced is not read, and the connection closes.
    case respond(HTTPResponse)
    /// Read a body of at most `limit` bytes, then answer with `then` (given the request
    /// with its body), run on the worker pool. `owner` says whose the body is, for its
    /// share of the body memory (`HTTPBodyBudget`): without a key (the default) only
    /// within the small allowance for requests without one.
    case read(limit: Int, owner: HTTPBodyOwner = .unkeyed, then: @Sendable (HTTPRequest) -> HTTPResponse)
    /// Decide on the worker pool (the decision needs the store: the key, the app); the
    /// connection reads nothing more until it is made, and answers 503 with Retry-After
    /// if it is not made within the handler timeout. When the request's body came whole
    /// with its head and the decision is `read`, its handler runs right after, in the same
    /// hand-off.
    case `defer`(@Sendable (HTTPRequest) -> HTTPHeadDecision)
}
