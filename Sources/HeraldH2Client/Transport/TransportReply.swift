import HeraldShared

/// What one HTTP/2 exchange gave: an answer with a status, or no answer at all.
package enum TransportReply: Sendable {
    case answer(TransportAnswer)
    case failure(TransportError)
}

/// An HTTP answer: status, `Retry-After`, the response headers the client asked to keep
/// (`H2Settings.keptHeaders`), and the body.
package struct TransportAnswer: Sendable {
    package var status: Int
    package var retryAfter: Double?
    /// The kept response headers, in the order they came.
    package var fields: [(name: String, value: String)] = []
    package var body: [UInt8]

    package init(status: Int, retryAfter: Double? = nil, fields: [(name: String, value: String)] = [], body: [UInt8]) {
        self.status = status
        self.retryAfter = retryAfter
        self.fields = fields
        self.body = body
    }

    /// The value of the kept header `name` (lowercase), if the answer had it.
    package func field(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }
}

/// The HTTP methods the clients use: POST to send and create, GET to read, DELETE to delete.
package enum TransportMethod: String, Sendable {
    case post = "POST", get = "GET", delete = "DELETE"
}

/// One request for the transport thread: everything is copied, nothing is shared.
package struct TransportJob: Sendable {
    /// The request, its path on the connection's origin.
    package var request: H2Request
    package var completion: @Sendable (TransportReply) -> Void

    package init(request: H2Request, completion: @escaping @Sendable (TransportReply) -> Void) {
        self.request = request
        self.completion = completion
    }
}
