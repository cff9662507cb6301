import HeraldAPNsModel
import HeraldH2Client

/// One HTTP exchange the client makes: a notification, a broadcast or a channel request.
struct APNSWireRequest: Sendable {
    /// The request without `authorization` (the client adds the current token to each attempt).
    var request: H2Request
    /// What the logs call it: a token's first digits, a channel id.
    var label: String
}
