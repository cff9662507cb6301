/// One change a Service Extension makes to what a notification shows, as data:
/// copy a field from the payload, set a fixed text, take an Airship-style
/// `content {title, subtitle, body}` object, or run an app closure.
///
/// Mutations run in order; one that finds nothing leaves the content as it was
/// and says so in `ContentMutation.Result.notes`.
///
/// ```swift
/// // A fixed title, the subtitle from a JSON string's aps.pushtopic.
/// [.set(.title, to: "經濟日報"), .copy(.subtitle, from: "payload.aps.pushtopic")]
/// ```
public struct ContentMutation: Sendable {
    enum Operation: Sendable {
        case copy(ContentField, JSONPath)
        case text(ContentField, String)
        case contentObject(JSONPath, quietWhenMissing: Bool)
        case custom(String, @Sendable (inout NotificationContent, PushNotification) -> Void)
    }

    let operation: Operation

    /// Sets `field` to the text at `path` (the app's data, then the raw payload, through JSON strings).
    public static func copy(_ field: ContentField, from path: JSONPath) -> ContentMutation {
        ContentMutation(operation: .copy(field, path))
    }

    /// Sets `field` to a fixed text.
    public static func set(_ field: ContentField, to text: String) -> ContentMutation {
        ContentMutation(operation: .text(field, text))
    }

    /// Takes `title`, `subtitle` and `body` from the object at `path`, each one present
    /// replacing the field (Airship's `media_attachment.content`).
    public static func contentObject(at path: JSONPath) -> ContentMutation {
        ContentMutation(operation: .contentObject(path, quietWhenMissing: false))
    }

    /// Runs the app's own code; `name` identifies it in notes.
    public static func custom(
        _ name: String, _ body: @escaping @Sendable (inout NotificationContent, PushNotification) -> Void
    ) -> ContentMutation {
        ContentMutation(operation: .custom(name, body))
    }

    /// Airship's content object, where Airship's extension reads it; silent for
    /// payloads that have none (every other provider's).
    public static let airshipContent = ContentMutation(
        operation: .contentObject(["com.urbanairship.media_attachment", "content"], quietWhenMissing: true))

    /// Applies the mutation; returns a note when it found nothing to apply.
    func apply(to content: inout NotificationContent, notification: PushNotification) -> String? {
        switch operation {
        case .copy(let field, let path):
            guard let text = PayloadLookup.text(at: path, in: notification) else {
                return "\(path): no text found, \(field.rawValue) kept"
            }
            content[field] = text
        case .text(let field, let text):
            content[field] = text
        case .contentObject(let path, let quiet):
            guard let object = PayloadLookup.value(at: path, in: notification)?.objectValue else {
                return quiet ? nil : "\(path): no content object found"
            }
            var applied = false
            for field in [ContentField.title, .subtitle, .body] {
                if let text = object[field.rawValue]?.scalarText, !text.isEmpty {
                    content[field] = text
                    applied = true
                }
            }
            if !applied { return "\(path): the content object has no title, subtitle or body" }
        case .custom(_, let body):
            body(&content, notification)
        }
        return nil
    }
}
