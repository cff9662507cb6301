import HeraldH2Client

extension TransportAnswer {
    /// The response headers APNs sends that the client reads.
    /// APNs' ids, and `location` for an answer that redirects (never followed).
    static let apnsHeaders = ["apns-id", "apns-unique-id", "apns-request-id", "apns-channel-id", "location"].map(H2KeptHeader.init)

    var apnsID: String? { field("apns-id") }
    var uniqueID: String? { field("apns-unique-id") }
    /// `apns-request-id`: the channel and broadcast APIs' request id.
    var requestID: String? { field("apns-request-id") }
    /// `apns-channel-id`: the id of a channel APNs just created.
    var channelID: String? { field("apns-channel-id") }
}
