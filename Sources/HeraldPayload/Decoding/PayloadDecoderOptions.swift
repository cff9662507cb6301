import HeraldShared

/// What `PayloadDecoder` looks for, and how far it trusts its input.
public struct PayloadDecoderOptions: Sendable {
    /// Providers to recognise, in tie-breaking order.
    public var providers: [any PushProvider] = ProviderSpec.builtIn
    /// Skip recognition and read every payload as this provider's.
    public var forcedProvider: ProviderID?
    /// Top-level keys that hold the message id when the provider has none (plain APNs).
    public var idKeys: [String] = ["id", "messageId", "message_id", "notificationId"]
    /// Top-level keys that hold the deep link when the provider has none.
    public var linkKeys: [String] = ["link", "url", "deeplink", "deep_link"]
    /// Paths in the app's data (after unwrapping) that may hold media URLs.
    /// The last one is seed 002's GeTui transparent message.
    public var attachmentPaths: [JSONPath] = [
        ["attachment-url"], ["attachment_url"], ["media-url"], ["media_url"], ["image_url"], ["imageUrl"],
        ["image"], "payload.aps.pushimageurl",
    ]
    /// Field unwrappers applied to the app's data, in order; the default parses JSON strings.
    public var unwrappers: [any PayloadUnwrapper] = [JSONStringUnwrapper()]
    /// Largest input accepted, in bytes. APNs payloads are at most 5 KiB.
    public var maxBytes: Int = 4 << 20
    /// Deepest nesting accepted. Real payloads nest a handful of levels.
    public var maxDepth: Int = 128

    public init() {}

    /// Options that read every payload as `provider`'s.
    public static func forcing(_ provider: ProviderID) -> PayloadDecoderOptions {
        var options = PayloadDecoderOptions()
        options.forcedProvider = provider
        return options
    }
}
