import HeraldShared

/// A push payload decoded once, at the edge: who sent it, its id, what it shows,
/// where it leads, what it attaches, and the app's own data.
public struct PushNotification: Sendable, Hashable {
    /// The service that built the payload.
    public var provider: ProviderID
    /// The message id used for de-duplication and receipts, when the payload has one.
    public var id: String?
    /// The typed `aps` dictionary.
    public var aps: APS
    /// Title, subtitle and body to show, from `aps.alert` or the provider's own fields.
    public var content: AlertContent
    /// The deep link, as sent.
    public var link: String?
    /// Media to attach in the Service Extension.
    public var attachments: [AttachmentReference]
    /// The app's own data: the payload without `aps` and the provider's reserved
    /// keys, provider containers flattened, JSON-string and encrypted fields unwrapped.
    public var data: [String: JSONValue]
    /// The payload exactly as received.
    public var raw: [String: JSONValue]
    /// How lenient decoding read the payload; empty for a clean payload.
    public var notes: [DecodingNote]
    /// The provider's flag that marks the push as its own (`data.pusher.userShouldIgnore`):
    /// not for the user, so the runtime shows, counts and routes nothing for it. `nil` for any other push.
    public var providerInternal: String?

    public init(
        provider: ProviderID, id: String? = nil, aps: APS = APS(), content: AlertContent = AlertContent(),
        link: String? = nil, attachments: [AttachmentReference] = [], data: [String: JSONValue] = [:],
        raw: [String: JSONValue] = [:], notes: [DecodingNote] = [], providerInternal: String? = nil
    ) {
        self.provider = provider
        self.id = id
        self.aps = aps
        self.content = content
        self.link = link
        self.attachments = attachments
        self.data = data
        self.raw = raw
        self.notes = notes
        self.providerInternal = providerInternal
    }

    /// The value at `path` in the app's data, falling back to the raw payload.
    public subscript(path: JSONPath) -> JSONValue? {
        JSONValue.object(data)[path: path] ?? JSONValue.object(raw)[path: path]
    }

    /// Whether the payload asks for a background wake with nothing to show (an alert with
    /// only localization keys shows their text).
    public var isSilent: Bool {
        aps.contentAvailable && content.isEmpty && (aps.alert?.isEmpty ?? true) && aps.badge == nil && aps.sound == nil
    }
}

/// The text a notification shows.
public struct AlertContent: Sendable, Hashable {
    public var title: String?
    public var subtitle: String?
    public var body: String?

    public init(title: String? = nil, subtitle: String? = nil, body: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
    }

    public var isEmpty: Bool { [title, subtitle, body].allSatisfy { ($0 ?? "").isEmpty } }
}

/// A media URL a payload carries, and the kind of media when it can be told.
public struct AttachmentReference: Sendable, Hashable {
    public var url: String
    public var kind: AttachmentKind?

    public init(url: String, kind: AttachmentKind? = nil) {
        self.url = url
        self.kind = kind
    }
}

/// The kinds of media a notification can attach, as Apple groups them.
public enum AttachmentKind: String, Sendable, Hashable, CaseIterable {
    case image, audio, video

    /// The kind for a file extension or a provider's type name (`jpg`, `mp4`, `image`), if known.
    public init?(fileExtension: some StringProtocol) {
        guard fileExtension.utf8.count <= 6 else { return nil }
        switch fileExtension.lowercased() {
        case "jpg", "jpeg", "png", "gif", "image": self = .image
        case "mp3", "m4a", "wav", "wave", "aif", "aiff", "aifc", "caf", "audio": self = .audio
        case "mp4", "m4v", "mpg", "mpeg", "mpeg2", "avi", "mov", "video": self = .video
        default: return nil
        }
    }

    /// The kind for a MIME type (`image/png`), if Apple can attach it.
    public init?(mimeType: String) {
        let type = mimeType.lowercased().split(separator: ";").first.map { String(String($0).trimmingSpaces) } ?? ""
        if type.hasPrefix("image/") {
            self = .image
        } else if type.hasPrefix("audio/") {
            self = .audio
        } else if type.hasPrefix("video/") {
            self = .video
        } else {
            return nil
        }
    }
}

/// The service that built a payload; an open set so apps can add their own.
public struct ProviderID: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let apns = ProviderID(rawValue: "apns")
    public static let pusherBeams = ProviderID(rawValue: "pusher-beams")
    public static let getui = ProviderID(rawValue: "getui")
    public static let jpush = ProviderID(rawValue: "jpush")
    public static let umeng = ProviderID(rawValue: "umeng")
    public static let fcm = ProviderID(rawValue: "fcm")
    public static let oneSignal = ProviderID(rawValue: "onesignal")
    public static let airship = ProviderID(rawValue: "airship")
    public static let braze = ProviderID(rawValue: "braze")
    public static let iterable = ProviderID(rawValue: "iterable")
    public static let herald = ProviderID(rawValue: "herald")
}
