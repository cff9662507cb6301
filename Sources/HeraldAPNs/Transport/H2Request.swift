import HeraldAPNsModel

/// One request as the transport sends it, typed from the client to the header block:
/// the method, the path, the header fields as pairs and the body. Nothing on the way
/// joins fields into lines or paths into URLs to be parsed again.
struct H2Request: Sendable {
    /// Which of the endpoint's origins the request goes to.
    enum Destination: Sendable {
        /// The endpoint's `baseURL`: notifications and broadcasts.
        case notifications
        /// The endpoint's `channelBaseURL`: the channel management API.
        case channels
    }

    var method: TransportMethod = .post
    var destination = Destination.notifications
    /// `:path`: below the destination's base path until the pool routes the request,
    /// on its connection's origin after (`/3/device/<token>`, `/1/apps/<bundle id>/channels`).
    var path: String
    /// Header fields in order (`apns-*`, `authorization`); the pseudo-headers, `content-type`
    /// and `content-length` are the connection's.
    var fields: [(name: String, value: String)]
    var body: [UInt8]
}
