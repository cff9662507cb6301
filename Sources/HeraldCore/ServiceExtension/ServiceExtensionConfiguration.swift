/// Everything the Service Extension pipeline decides with.
public struct ServiceExtensionConfiguration: Sendable {
    public var decoder: PayloadDecoder
    /// Mutations and category rules.
    public var composer: ContentComposer
    public var attachments: AttachmentOptions
    /// Seconds from the request to delivery at the latest. iOS gives about 30 s
    /// before `serviceExtensionTimeWillExpire`; the default keeps 3 s in hand.
    public var deadline: Double
    /// Where attachments are written (the extension's temporary directory).
    public var directory: String
    /// The badge the delivered notification sets, when the pipeline has the inbox.
    public var badge: ExtensionBadge

    public init(
        decoder: PayloadDecoder = .standard, composer: ContentComposer = ContentComposer(),
        attachments: AttachmentOptions = AttachmentOptions(), deadline: Double = 27, directory: String,
        badge: ExtensionBadge = .inbox
    ) {
        self.decoder = decoder
        self.composer = composer
        self.attachments = attachments
        self.deadline = deadline
        self.directory = directory
        self.badge = badge
    }

    /// The GeTui extension of seed post 002 (docs/ARCHITECTURE.md, "The seed posts"): a
    /// fixed title, the subtitle from the JSON string `payload`'s `aps.pushtopic`, the body
    /// from `aps.alert`, category `category2`; the attachment from `aps.pushimageurl` is in
    /// the default paths.
    public static func post002(title: String = "經濟日報", directory: String) -> ServiceExtensionConfiguration {
        ServiceExtensionConfiguration(
            composer: ContentComposer(
                mutations: [
                    .set(.title, to: title), .copy(.subtitle, from: "payload.aps.pushtopic"), .copy(.body, from: "aps.alert.body"),
                ],
                categoryRules: [CategoryRule("category2")]),
            directory: directory)
    }
}
