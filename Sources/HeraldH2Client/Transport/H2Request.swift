/// One request as the transport sends it, typed from the client to the header block:
/// the method, the path, the header fields as pairs and the body. Nothing on the way
/// joins fields into lines or paths into URLs to be parsed again.
package struct H2Request: Sendable {
    package var method: TransportMethod = .post
    /// Where it goes: `nil` for the pool's own route (where most requests go), or another
    /// route (APNs' channel API, FCM's token endpoint), on a connection of its own.
    package var route: H2Route?
    /// `:path`: below the route's base path until the pool routes the request,
    /// on its connection's origin after (`/3/device/<token>`, `/v1/projects/p/messages:send`).
    package var path: String
    /// Header fields in order (`apns-*`, `authorization`); the pseudo-headers, `content-type`
    /// and `content-length` are the connection's.
    package var fields: [(name: String, value: String)]
    package var body: [UInt8]
    /// `content-type` of a POST's body.
    package var contentType = "application/json"

    package init(
        method: TransportMethod = .post, route: H2Route? = nil, path: String, fields: [(name: String, value: String)], body: [UInt8],
        contentType: String = "application/json"
    ) {
        self.method = method
        self.route = route
        self.path = path
        self.fields = fields
        self.body = body
        self.contentType = contentType
    }
}
