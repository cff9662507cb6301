/// Where a Service Extension finds attachment URLs, and how much it attaches.
public struct AttachmentOptions: Sendable {
    /// Paths read in the app's data and the raw payload (through JSON strings).
    /// The defaults cover GeTui's image inside its `payload` JSON string, FCM, OneSignal,
    /// Airship and the generic keys custom extensions use.
    public var paths: [JSONPath] = AttachmentOptions.defaultPaths
    /// Whether the media the decoder found (each provider's own keys) come first.
    public var includeDecoded = true
    public var limits = AttachmentLimits()
    /// Folders searched for a bundled resource named by a bare file name (`promo.png`):
    /// the app extension's bundle on iOS, `--resources DIR` for `herald nse`.
    public var resourceDirectories: [String] = []

    public init() {}

    public static let defaultPaths: [JSONPath] = [
        "payload.aps.pushimageurl",  // GeTui: inside the JSON string `payload`
        ["fcm_options", "image"],  // FCM
        ["att"], ["os_data", "att"],  // OneSignal
        ["com.urbanairship.media_attachment", "url"], ["com.urbanairship.media_attachment", "urls"],  // Airship
        ["attachment-url"], ["media-url"], ["attachment_url"], ["media_url"], ["image_url"], ["imageUrl"],
    ]
}

/// One attachment to fetch: where from, and the inspector that decides what it is.
public struct AttachmentRequest: Sendable, Hashable {
    public enum Location: Sendable, Hashable {
        /// An http or https URL.
        case remote(String)
        /// A local file: a file URL's path or a bundled resource found on disk.
        case file(String)
    }

    /// Position among the notification's attachments (0 is the thumbnail).
    public var index: Int
    public var location: Location
    public var inspector: AttachmentInspector

    public init(index: Int, location: Location, inspector: AttachmentInspector) {
        self.index = index
        self.location = location
        self.inspector = inspector
    }

    /// The URL or resource name, as the payload gave it.
    public var source: String { inspector.source }
}
