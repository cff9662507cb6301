import HeraldShared

extension FCMError {
    /// The type URL of FCM's own error detail.
    public static let detailType = "type.googleapis.com/google.firebase.fcm.v1.FcmError"

    /// The error of a non-2xx answer from the send endpoint: Google's
    /// `{"error": {"code", "message", "status", "details": [{"@type", "errorCode"}]}}`.
    ///
    /// FCM's `errorCode` in the details wins over the google.rpc `status` (SENDER_ID_MISMATCH
    /// comes with PERMISSION_DENIED); a body that is missing or not JSON still gives an error
    /// with the status (code `.unknown` with the body's text), so no answer is ever lost; an
    /// empty one, or a redirect, says so with its status and `location` (`UnexplainedAnswer`).
    public init(status: Int, body: [UInt8], retryAfter: Double? = nil, location: String? = nil) {
        let error = (try? JSONParser().parse(body))?["error"]
        let detail = error?["details"]?.arrayValue?.lazy.compactMap { $0["errorCode"]?.stringValue }.first
        let given = detail ?? error?["status"]?.stringValue ?? String(decoding: body.prefix(200), as: UTF8.self)
        let text = UnexplainedAnswer.reason(given, status: status, location: location)
        self.init(status: status, code: Code(text: text), message: error?["message"]?.stringValue ?? "", retryAfter: retryAfter)
    }

    /// The error of a non-2xx answer from the OAuth token endpoint: `{"error", "error_description"}`.
    /// A 4xx means the assertion or the key was refused (credentials); a 5xx or 429 is read as any other.
    public init(tokenStatus status: Int, body: [UInt8], retryAfter: Double? = nil, location: String? = nil) {
        let json = try? JSONParser().parse(body)
        let given = json?["error"]?.stringValue ?? String(decoding: body.prefix(200), as: UTF8.self)
        let error = UnexplainedAnswer.reason(given, status: status, location: location)
        let message = "the token endpoint refused the service account's assertion: " + (json?["error_description"]?.stringValue ?? error)
        let code: Code = (400..<500).contains(status) && status != 429 ? .tokenRefused(error) : .unknown(error)
        self.init(status: status, code: code, message: message, retryAfter: retryAfter)
    }

    /// Google's error body for `code` (what the simulator answers with).
    public static func body(status: Int, rpcStatus: String, message: String, errorCode: String?) -> [UInt8] {
        var error: [String: JSONValue] = ["code": .int(status), "message": .string(message), "status": .string(rpcStatus)]
        if let errorCode { error["details"] = [["@type": .string(detailType), "errorCode": .string(errorCode)]] }
        return Array(JSONWriter.serialize(["error": .object(error)]).utf8)
    }
}
