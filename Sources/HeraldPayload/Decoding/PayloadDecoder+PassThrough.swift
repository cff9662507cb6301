import HeraldShared

extension PayloadDecoder {
    /// Keys of a pass-through payload that hold the title, then the body, when it has no `aps.alert`.
    static let passThroughTitleKeys = ["title"]
    static let passThroughBodyKeys = ["content", "body", "text"]

    /// Decodes a message that came over a provider's own connection (GeTui's pass-through).
    ///
    /// The payload is the app's JSON object, read with the same limits and the same
    /// positioned errors as any payload. The text comes from `aps.alert` when there is one,
    /// else from `title` and `content` (or `body`, `text`); the id from the payload's id
    /// keys, else the provider's message id; the link from the link keys; the rest is data.
    /// `raw` is the payload with that text as `aps.alert` and that id as `id` added, so that
    /// a re-post of it (its `userInfo`) decodes to the same notification.
    public func decode(passThrough message: PassThroughMessage) throws(PayloadDecodingError) -> PushNotification {
        let value = try parse(message.payload)
        guard var payload = value.objectValue else { throw PayloadDecodingError(.notAnObject(found: value.typeDescription)) }
        var notes: [DecodingNote] = []
        let aps = payload["aps"].map { APS.decode($0, notes: &notes) } ?? APS()
        payload["aps"] = nil
        func text(_ keys: [String]) -> String? {
            keys.lazy.compactMap { payload[$0]?.stringValue }.first { !$0.isEmpty }
        }
        // The app's own fields: no provider's key layout applies, whatever keys they happen to have.
        var generic = options
        generic.forcedProvider = .apns
        var notification = try PayloadDecoder(options: generic).decode(JSONValue.object(payload))
        notification.provider = message.provider
        notification.aps = aps
        notification.id = notification.id ?? message.messageID
        notification.notes = notes + notification.notes
        let alert = aps.alert
        notification.content = AlertContent(
            title: alert?.title ?? text(Self.passThroughTitleKeys), subtitle: alert?.subtitle,
            body: alert?.body ?? text(Self.passThroughBodyKeys))
        var raw = value.objectValue ?? [:]
        if alert == nil {
            var shown: [String: JSONValue] = [:]
            shown["title"] = notification.content.title.map(JSONValue.string)
            shown["body"] = notification.content.body.map(JSONValue.string)
            var apsObject = raw["aps"]?.objectValue ?? [:]
            apsObject["alert"] = .object(shown)
            raw["aps"] = .object(apsObject)
        }
        if let id = notification.id, options.idKeys.allSatisfy({ payload[$0] == nil }) { raw["id"] = .string(id) }
        notification.raw = raw
        return notification
    }
}
