/// A request the HTTP layer refuses before any handler sees it. Answered as JSON in the
/// API's error shape (`{"error": {"code", "message"}}`) and the connection is closed,
/// since what follows on it cannot be trusted to start a request.
struct HTTPProtocolError: Error, Equatable, Sendable {
    var status: Int
    var code: String
    var message: String

    static func badRequest(_ message: String) -> Self { Self(status: 400, code: "bad_request", message: message) }

    static func uriTooLong(_ limit: Int) -> Self {
        Self(status: 414, code: "uri_too_long", message: "the request line is over \(limit) bytes; send long data in a JSON body")
    }

    static func headTooLarge(_ limit: Int) -> Self {
        Self(status: 431, code: "headers_too_large", message: "the request's header fields are over \(limit) bytes in all")
    }

    static func tooManyHeaders(_ limit: Int) -> Self {
        Self(status: 431, code: "headers_too_large", message: "the request has more than \(limit) header fields")
    }

    static func versionNotSupported(_ version: String) -> Self {
        Self(status: 505, code: "http_version_not_supported", message: "\(version.prefix(20)) is not supported; use HTTP/1.1")
    }

    static let lengthRequired = Self(
        status: 411, code: "length_required",
        message: "send the body with a Content-Length header; chunked and other transfer codings are not accepted")

    static let badLength = Self(status: 400, code: "bad_request", message: "Content-Length is not a whole number of bytes")

    static func expectationFailed(_ value: String) -> Self {
        Self(status: 417, code: "expectation_failed", message: "Expect: \(value.prefix(40)) is not supported; only 100-continue is")
    }

    static func tooLarge(_ length: Int, limit: Int) -> Self {
        Self(
            status: 413, code: "payload_too_large",
            message: "the request body is \(length) bytes, over the limit of \(limit) bytes; nothing was read or changed")
    }

    static func headTimeout(_ seconds: Double) -> Self {
        Self(status: 408, code: "request_timeout", message: "the request head did not arrive within \(HTTPProtocolError.seconds(seconds))")
    }

    static func bodyTimeout(_ seconds: Double) -> Self {
        Self(status: 408, code: "request_timeout", message: "the request body did not arrive within \(HTTPProtocolError.seconds(seconds))")
    }

    static func bodyTooSlow(_ rate: Double, after grace: Double) -> Self {
        Self(
            status: 408, code: "request_timeout",
            message: "the request body arrived slower than \(Int(rate)) bytes a second after its first \(HTTPProtocolError.seconds(grace)); send it at once"
        )
    }

    static let busy = Self(
        status: 503, code: "busy", message: "the server is holding as many request bodies as its memory limit allows; retry shortly")

    static func handlerTimeout(_ seconds: Double) -> Self {
        Self(
            status: 503, code: "unavailable",
            message:
                "the request was not answered within \(HTTPProtocolError.seconds(seconds)) (the database may be slow or out of reach); retry later"
        )
    }

    static let answersBusy = Self(
        status: 503, code: "busy",
        message: "the server is holding as many answers that clients have not read yet as its memory limit allows; retry shortly")

    static let overloaded = Self(
        status: 503, code: "busy", message: "the server has as many requests waiting for its workers as it queues; retry shortly")

    static let busyUnkeyed = Self(
        status: 503, code: "busy",
        message: "the server is holding as many bodies of requests without a key (console sign-ins) as it allows; retry shortly")

    static let tooManyConnections = Self(
        status: 503, code: "busy", message: "the server has as many connections open as it allows; retry shortly")

    /// The error as a response: JSON, `Connection: close`, and `Retry-After` when retrying helps.
    var response: HTTPResponse {
        HTTPResponse.error(status, code: code, message: message, headers: status == 503 ? [("Retry-After", "1")] : [])
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
