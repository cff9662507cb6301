/// What one HTTP/2 exchange gave: an answer with a status, or no answer at all.
enum TransportReply: Sendable {
    case answer(TransportAnswer)
    case failure(APNSTransportError)
}

/// An HTTP answer: status, the headers APNs sends, and the body.
struct TransportAnswer: Sendable {
    var status: Int
    var apnsID: String?
    var uniqueID: String?
    var retryAfter: Double?
    var body: [UInt8]
}

/// One request for the transport thread: everything is copied, nothing is shared.
struct TransportJob: Sendable {
    var url: String
    var headers: [String]
    var body: [UInt8]
    var completion: @Sendable (TransportReply) -> Void
}
