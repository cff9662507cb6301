import HeraldAPNsModel

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
    /// `apns-request-id`: the channel and broadcast APIs' request id.
    var requestID: String?
    /// `apns-channel-id`: the id of a channel APNs just created.
    var channelID: String?
    var body: [UInt8]
}

/// The HTTP methods APNs uses: POST to send and create, GET to read, DELETE to delete.
enum TransportMethod: String, Sendable {
    case post = "POST", get = "GET", delete = "DELETE"
}

/// One request for the transport thread: everything is copied, nothing is shared.
struct TransportJob: Sendable {
    /// The request, its path on the connection's origin.
    var request: H2Request
    var completion: @Sendable (TransportReply) -> Void
}
