import Foundation
import HeraldAuth
import HeraldShared
import HeraldStore

/// One request to an endpoint, as Standard Webhooks has it: a POST of one event, or of a
/// batch of high-volume ones (`{"type": "batch", "timestamp", "data": {"events": [...]}}`),
/// with `webhook-id` (the event's id; a batch's names its first and last), `webhook-timestamp`
/// and `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` keyed
/// with the secret's bytes; one per secret, space-separated, while a rotated one is kept).
public struct WebhookMessage: Sendable, Hashable {
    public var id: String
    public var body: String
    /// The events it carries, in log order.
    public var events: [LoggedEvent]

    /// The next request for an endpoint whose log after its cursor begins with `page`:
    /// `skipped`, the cursor past the events before the first it asks for; `message`, the
    /// first it asks for alone, or a run of high-volume ones (those it does not ask for in
    /// between passed over) up to `batchSize`, which stops at the first other type it asks for.
    public static func next(
        _ page: [LoggedEvent], selector: EventSelector, batchSize: Int, now: Double
    ) -> (skipped: EventCursor?, message: WebhookMessage?) {
        guard let first = page.firstIndex(where: { selector.matches($0.type) }) else { return (page.last?.cursor, nil) }
        let skipped = first > 0 ? page[first - 1].cursor : nil
        let head = page[first]
        guard EventType(rawValue: head.type)?.isHighVolume == true, batchSize > 1 else {
            return (skipped, WebhookMessage(id: head.id, body: head.json, events: [head]))
        }
        var run: [LoggedEvent] = []
        for event in page[first...] where selector.matches(event.type) {
            guard EventType(rawValue: event.type)?.isHighVolume == true, run.count < batchSize else { break }
            run.append(event)
        }
        guard run.count > 1 else { return (skipped, WebhookMessage(id: head.id, body: head.json, events: [head])) }
        let body = "{\"type\":\"batch\",\"timestamp\":\"\(RFC3339.string(now))\",\"data\":{\"events\":["
            + run.map(\.json).joined(separator: ",") + "]}}"
        return (skipped, WebhookMessage(id: "\(run[0].id)_\(run[run.count - 1].id.dropFirst(4))", body: body, events: run))
    }

    /// The headers of this message sent at `timestamp` (whole seconds since 1970), signed
    /// with each of `secrets` (`whsec_` and base64).
    public func headers(timestamp: Int, secrets: [String]) -> [(String, String)] {
        let signed = Array("\(id).\(timestamp).\(body)".utf8)
        let signatures = secrets.map { secret in
            "v1," + Data(HMACSHA256.mac(key: Self.key(secret), message: signed)).base64EncodedString()
        }
        return [
            ("Content-Type", "application/json"), ("webhook-id", id), ("webhook-timestamp", String(timestamp)),
            ("webhook-signature", signatures.joined(separator: " ")), ("User-Agent", "Herald-Webhooks/1"),
        ]
    }

    /// A secret's key bytes: the base64 after `whsec_`.
    static func key(_ secret: String) -> [UInt8] {
        let text = secret.hasPrefix("whsec_") ? String(secret.dropFirst(6)) : secret
        return Data(base64Encoded: text).map(Array.init) ?? Array(text.utf8)
    }

    /// A new secret: `whsec_` and 24 random bytes in base64.
    public static func newSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return "whsec_" + Data((0..<24).map { _ in UInt8.random(in: 0...255, using: &generator) }).base64EncodedString()
    }
}
