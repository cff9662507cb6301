import Foundation
import HeraldAPNsModel
import HeraldShared
import HeraldPayload

/// The shapes of identifiers the API accepts, shared by every handler.
enum FieldRules {
    static let interestCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-=@,.;".utf8)

    /// `[A-Za-z0-9_\-=@,.;]{1,164}`.
    static func interest(_ name: String, _ field: String) throws(ValidationError) {
        guard (1...164).contains(name.utf8.count), name.utf8.allSatisfy(interestCharacters.contains) else {
            throw ValidationError(field, "\"\(name.prefix(40))\" is not an interest name: 1 to 164 of A-Z a-z 0-9 _ - = @ , . ;")
        }
    }

    /// A user id: 1 to 164 characters, no control characters.
    static func userID(_ id: String, _ field: String) throws(ValidationError) {
        guard (1...164).contains(id.unicodeScalars.count), !id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw ValidationError(field, "a user id is 1 to 164 characters without control characters")
        }
    }

    /// A device token: hex, 8 to 100 bytes (APNs' are 32 today); returned lowercase.
    static func token(_ text: String, _ field: String) throws(ValidationError) -> String {
        guard (16...200).contains(text.utf8.count), text.utf8.count % 2 == 0, let token = DeviceToken(hex: text),
            token.hex.count == text.utf8.count
        else {
            throw ValidationError(
                field,
                "expected the device token as hex (64 hex digits for APNs), found \"\(text.prefix(80))\"; use DeviceToken(data:).hex, never description"
            )
        }
        return token.hex
    }

    /// An FCM registration token, opaque: 1 to 4096 printable ASCII characters (`!` to `~`), so
    /// no white space, control or non-ASCII character; FCM's tokens are base64url and `:`.
    static func fcmToken(_ text: String, _ field: String) throws(ValidationError) -> String {
        guard (1...4096).contains(text.utf8.count) else {
            throw ValidationError(field, "an FCM registration token is 1 to 4096 bytes; this one is \(text.utf8.count)")
        }
        if text.utf8.contains(where: { !(0x21...0x7E).contains($0) }) {
            throw ValidationError(
                field,
                "an FCM registration token is printable ASCII with no white space or control characters; send the token FirebaseMessaging gave, as is"
            )
        }
        return text
    }

    /// Ids the gateway made (`dev_…`, `pub_…`) or any 1 to 200 characters of the same alphabet.
    static func identifier(_ text: String, _ field: String) throws(ValidationError) {
        guard (1...200).contains(text.utf8.count), text.utf8.allSatisfy(interestCharacters.contains) else {
            throw ValidationError(field, "\"\(text.prefix(40))\" is not an id")
        }
    }

    /// A link a notification or an inbox message opens: a URL with a scheme.
    static func link(_ text: String, _ field: String) throws(ValidationError) {
        guard let url = URL(string: text), url.scheme != nil else { throw ValidationError(field, "\"\(text)\" is not a URL with a scheme") }
    }

    /// A value that goes out as an APNs header (`apns-collapse-id`): HeraldAPNs' rule,
    /// 1 to `maxBytes` bytes of visible characters, no CR, LF, NUL or other control characters.
    /// HeraldAPNs refuses such a value too; here it is a 400 before anything is stored.
    static func headerValue(_ text: String, _ field: String, maxBytes: Int) throws(ValidationError) {
        if let problem = APNSHeaderValue.problem(text, maxBytes: maxBytes) { throw ValidationError(field, problem) }
    }

    /// The name of an `ActivityAttributes` type, as `attributes-type` gives it: 1 to 200 of
    /// A-Z a-z 0-9 _ and `.` (a module-qualified name), not starting with a digit or a dot.
    static func activityType(_ text: String, _ field: String) throws(ValidationError) -> String {
        guard LiveActivityContent.isActivityTypeName(text) else {
            throw ValidationError(
                field,
                "\"\(text.prefix(40))\" is not an activity type: the name of the app's ActivityAttributes type (1 to 200 of A-Z a-z 0-9 _ .)"
            )
        }
        return text
    }

    static func environment(_ text: String?, _ field: String) throws(ValidationError) -> APNsEnvironment? {
        guard let text else { return nil }
        guard let environment = APNsEnvironment(rawValue: text) else {
            throw ValidationError(field, "\"\(text)\" is not sandbox or production (sandbox for development builds)")
        }
        return environment
    }
}
