import HeraldShared

/// An HTTP response: status, headers and body bytes.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]
    /// Set by `HTTPResponse.later(_:)`: the answer comes later through it.
    public var later: HTTPLaterAnswer?

    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON body.
    public static func json(_ status: Int, _ value: JSONValue) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: Array(JSONWriter.serialize(value).utf8))
    }

    /// `{"error": {"code", "message"}}` with the status and headers given: the one shape of
    /// every error answer, the HTTP layer's own and the API's.
    public static func error(_ status: Int, code: String, message: String, headers: [(String, String)] = []) -> HTTPResponse {
        var response = json(status, ["error": ["code": .string(code), "message": .string(message)]])
        response.headers += headers
        return response
    }

    /// The body parsed as JSON (for tests and clients).
    public var json: JSONValue? { try? JSONParser().parse(body) }
}
