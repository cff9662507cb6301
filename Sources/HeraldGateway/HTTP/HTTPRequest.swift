/// An HTTP request as the API handlers see it: no sockets, so handlers are pure
/// functions of request to response and are tested without a server.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path without the query, e.g. `/v1/apps/app_1/devices`.
    public var path: String
    /// Header names lowercased.
    public var headers: [String: String]
    public var body: [UInt8]
    /// The HTTP layer cut the body off at its size limit.
    public var bodyTooLarge: Bool

    public init(method: String, path: String, headers: [String: String] = [:], body: [UInt8] = [], bodyTooLarge: Bool = false) {
        self.method = method
        self.path = path
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
        self.bodyTooLarge = bodyTooLarge
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}
