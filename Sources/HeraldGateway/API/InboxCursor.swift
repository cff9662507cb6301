import HeraldShared

/// The `cursor` of an inbox answer (and the `after` of the next request): opaque to the
/// client, `ic1_` and base64url of the reader's scope (the device's id with its inbox's
/// owner, or the app and user for the server API) and the last change sequence read. A
/// cursor is good for the scope that got it only: not for another device, user or app,
/// nor for the same device once its user changed.
enum InboxCursor {
    static let prefix = "ic1_"

    static func encode(scope: String, seq: Int) -> String { prefix + Base64URL.encode(Array("\(scope)\n\(seq)".utf8)) }

    /// The sequence `after` carries (0 without one): 400 `invalid_cursor` when it is not a
    /// cursor, or one from another device, user or app.
    static func decode(_ after: String?, scope: String) throws -> Int {
        guard let after else { return 0 }
        guard after.hasPrefix(prefix), let bytes = Base64URL.decode(after.dropFirst(prefix.count)),
            let text = String(validating: bytes, as: UTF8.self), let newline = text.lastIndex(of: "\n"),
            let seq = Int(text[text.index(after: newline)...]), seq >= 0
        else {
            throw APIError(
                400, "invalid_cursor",
                "after: \"\(after.prefix(40))\" is not an inbox cursor; give the cursor of the previous answer, or none to read from the start"
            )
        }
        guard text[..<newline] == scope else {
            throw APIError(
                400, "invalid_cursor",
                "after: the cursor was given to another reader (another device, user or app, or this device before its user changed); read this inbox from the start without after")
        }
        return seq
    }
}
