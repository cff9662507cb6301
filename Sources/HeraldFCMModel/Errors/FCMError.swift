/// FCM (or Google's token endpoint) refused a request: the status, Google's error code, and what to do.
public struct FCMError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status (400, 401, 403, 404, 429, 500, 503, or another).
    public var status: Int
    /// FCM's `errorCode` from `error.details`, or else the `error.status` (google.rpc code).
    public var code: Code
    /// Google's `error.message`.
    public var message: String
    /// Seconds from a `Retry-After` header, when the answer had one.
    public var retryAfter: Double?

    public init(status: Int, code: Code, message: String = "", retryAfter: Double? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
    }

    /// The codes FCM documents (its `errorCode`s and the google.rpc statuses it answers with).
    public enum Code: Sendable, Hashable, CustomStringConvertible {
        case invalidArgument, unregistered, senderIDMismatch, quotaExceeded, unavailable, `internal`
        case thirdPartyAuthError, unauthenticated, permissionDenied, notFound, resourceExhausted
        /// The OAuth token endpoint refused the grant (`invalid_grant`, `invalid_client`, ...): the assertion or the key.
        case tokenRefused(String)
        /// A code FCM does not document (yet), kept as sent.
        case unknown(String)

        static let texts: [(Code, String)] = [
            (.invalidArgument, "INVALID_ARGUMENT"), (.unregistered, "UNREGISTERED"), (.senderIDMismatch, "SENDER_ID_MISMATCH"),
            (.quotaExceeded, "QUOTA_EXCEEDED"), (.unavailable, "UNAVAILABLE"), (.internal, "INTERNAL"),
            (.thirdPartyAuthError, "THIRD_PARTY_AUTH_ERROR"), (.unauthenticated, "UNAUTHENTICATED"),
            (.permissionDenied, "PERMISSION_DENIED"), (.notFound, "NOT_FOUND"), (.resourceExhausted, "RESOURCE_EXHAUSTED"),
        ]

        /// The code for `text`, as Google spells it.
        public init(text: String) {
            self = Self.texts.first { $0.1 == text }?.0 ?? .unknown(text)
        }

        /// The text Google sends.
        public var text: String {
            switch self {
            case .unknown(let text), .tokenRefused(let text): return text
            default: return Self.texts.first { $0.0 == self }?.1 ?? ""
            }
        }

        public var description: String { text }
    }

    /// What to do about it.
    public var errorClass: FCMErrorClass {
        switch code {
        case .unregistered, .senderIDMismatch: return .invalidToken
        case .invalidArgument: return .unsendable
        case .quotaExceeded, .resourceExhausted: return .retryAfter
        case .unavailable, .internal: return .backOff
        case .unauthenticated, .permissionDenied, .thirdPartyAuthError, .tokenRefused: return .credentialsRefused
        case .notFound: return status == 404 ? .invalidToken : Self.errorClass(status: status)
        case .unknown: return Self.errorClass(status: status)
        }
    }

    /// The class of a code FCM does not document, from the status alone.
    ///
    /// 429 and 5xx mean "later" on every Google API, and 401/403 always mean the
    /// credentials. Anything else is `unsendable`: the safe default, because it neither
    /// drops a device token on a guess (`invalidToken` would lose a device for good) nor
    /// retries a request that may never succeed (`backOff` would hammer FCM and hold the queue).
    static func errorClass(status: Int) -> FCMErrorClass {
        switch status {
        case 429: return .retryAfter
        case 500...599: return .backOff
        case 401, 403: return .credentialsRefused
        default: return .unsendable
        }
    }

    public var description: String {
        var text = "\(status) \(code.text) (\(errorClass))"
        if !message.isEmpty { text += ": " + message }
        if let retryAfter { text += "; retry after \(retryAfter) s" }
        return text
    }
}
