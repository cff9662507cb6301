import HeraldAPNsModel

/// One HTTP exchange the client makes: a notification, a broadcast or a channel request.
struct APNSWireRequest: Sendable {
    var method: TransportMethod = .post
    /// The whole URL: the environment's base URL and the path.
    var url: String
    /// `name: value` lines, without `authorization` (the client adds the current token).
    var headers: [String]
    var body: [UInt8]
    /// What the logs call it: a token's first digits, a channel id.
    var label: String
}
