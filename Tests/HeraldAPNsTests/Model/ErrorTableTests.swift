import Foundation
import HeraldAPNs
import HeraldAPNsModel
import Testing

@Suite("APNs error reasons and their classes")
struct ErrorTableTests {
    /// Apple's table (docs/apns.md, "Errors"), written out independently of the source.
    static let apple: [(Int, [String])] = [
        (400, ["BadCollapseId", "BadDeviceToken", "BadExpirationDate", "BadMessageId", "BadPriority", "BadTopic", "DeviceTokenNotForTopic", "DuplicateHeaders", "IdleTimeout", "InvalidPushType", "MissingDeviceToken", "MissingTopic", "PayloadEmpty", "TopicDisallowed"]),
        // Broadcast push notifications and the channel management API.
        (400, ["BadChannelId", "MissingChannelId", "ChannelNotRegistered", "CannotCreateChannelConfig", "MissingPushType"]),
        (403, ["BadCertificate", "BadCertificateEnvironment", "ExpiredProviderToken", "Forbidden", "InvalidProviderToken", "MissingProviderToken", "UnrelatedKeyIdInToken", "BadEnvironmentKeyIdInToken"]),
        (404, ["BadPath"]), (405, ["MethodNotAllowed"]), (410, ["Unregistered", "ExpiredToken"]), (413, ["PayloadTooLarge"]),
        (429, ["TooManyProviderTokenUpdates", "TooManyRequests"]), (500, ["InternalServerError"]), (503, ["ServiceUnavailable", "Shutdown"]),
    ]

    @Test("every reason Apple documents is in the table with its status, and round-trips")
    func everyReason() {
        let documented = Self.apple.flatMap { status, reasons in reasons.map { ($0, status) } }
        #expect(APNSReasonTable.entries.count == documented.count)
        for (text, status) in documented {
            let reason = APNSError.Reason(text: text)
            #expect(reason.text == text)
            #expect(reason.documented?.status == status, "\(text)")
            if case .unknown = reason { Issue.record("\(text) is unknown") }
        }
    }

    @Test("classes: permanent, invalid token, retry after, back off, refresh token")
    func classes() {
        func cls(_ text: String, _ status: Int) -> APNSErrorClass { APNSError(status: status, reason: .init(text: text)).errorClass }
        #expect(cls("BadTopic", 400) == .permanent)
        #expect(cls("InvalidProviderToken", 403) == .permanent)
        #expect(cls("BadDeviceToken", 400) == .invalidToken)
        #expect(cls("DeviceTokenNotForTopic", 400) == .invalidToken)
        #expect(cls("Unregistered", 410) == .invalidToken)
        #expect(cls("TooManyRequests", 429) == .retryAfter)
        #expect(cls("InternalServerError", 500) == .backOff)
        #expect(cls("Shutdown", 503) == .backOff)
        #expect(cls("ExpiredProviderToken", 403) == .refreshToken)
        #expect(cls("SomethingNew", 503) == .backOff)
        #expect(cls("SomethingNew", 410) == .invalidToken)
        #expect(cls("SomethingNew", 400) == .permanent)
    }

    @Test("a body is read for reason and timestamp; unknown reasons and non-JSON bodies are kept as text")
    func body() {
        let gone = APNSError(status: 410, body: Array(#"{"reason":"Unregistered","timestamp":1700000000123}"#.utf8), apnsID: "id")
        #expect(gone.reason == .unregistered)
        #expect(gone.timestamp == Date(timeIntervalSince1970: 1_700_000_000.123))
        #expect(gone.invalidates(tokenRegisteredAt: Date(timeIntervalSince1970: 1_600_000_000)))
        #expect(!gone.invalidates(tokenRegisteredAt: Date(timeIntervalSince1970: 1_800_000_000)))
        #expect(gone.description.contains("410 Unregistered (invalid-token)"))
        let new = APNSError(status: 400, body: Array(#"{"reason":"BrandNewReason"}"#.utf8), apnsID: nil)
        #expect(new.reason == .unknown("BrandNewReason"))
        #expect(new.reason.text == "BrandNewReason")
        let html = APNSError(status: 502, body: Array("<html>bad gateway</html>".utf8), apnsID: nil)
        #expect(html.reason == .unknown("<html>bad gateway</html>"))
        #expect(html.errorClass == .backOff)
    }

    @Test("an answer without a reason, or a redirect (never followed), says what happened: status and location")
    func unexplained() {
        let redirect = APNSError(status: 302, body: [], apnsID: nil, location: "https://elsewhere.example/3/device/x")
        #expect(redirect.reason.text == "HTTP 302 redirect to https://elsewhere.example/3/device/x (not followed)")
        #expect(APNSError(status: 500, body: [], apnsID: nil).reason.text == "HTTP 500 without a reason")
        #expect(APNSError(status: 500, body: [], apnsID: nil).errorClass == .backOff)
    }
}
