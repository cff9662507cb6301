import HeraldHTTP

/// An API error: the HTTP status, a stable machine-readable code, and a message that
/// says what is wrong, where, and how to fix it.
public struct APIError: Error, Sendable, CustomStringConvertible {
    public var status: Int
    public var code: String
    public var message: String
    public var headers: [(String, String)] = []

    public init(_ status: Int, _ code: String, _ message: String, headers: [(String, String)] = []) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    public var description: String { "\(status) \(code): \(message)" }

    static func invalid(_ error: ValidationError) -> APIError { APIError(400, "invalid_request", error.description) }
    static let missingKey = APIError(
        401, "unauthorized", "send the app's key as 'Authorization: Bearer KEY'", headers: [("WWW-Authenticate", "Bearer")])
    static func wrongKey(_ app: String) -> APIError {
        APIError(
            401, "unauthorized", "the key is not a key of app \(app); check the app id and the key (rotated keys stop working)",
            headers: [("WWW-Authenticate", "Bearer")])
    }
    static let needsServerKey = APIError(
        403, "forbidden", "this endpoint needs the app's server key; the client key only registers devices and a device key acts only on its own device")
    static func notFound(_ what: String) -> APIError { APIError(404, "not_found", what) }
}

extension HTTPResponse {
    /// The API error as an answer: `{"error": {"code", "message"}}`.
    public static func error(_ error: APIError) -> HTTPResponse {
        .error(error.status, code: error.code, message: error.message, headers: error.headers)
    }
}
