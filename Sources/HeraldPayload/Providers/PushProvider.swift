import HeraldShared

/// Knows one service's payload shape: how to recognise it and where it keeps the
/// message id, the deep link, the attachments and the app's data.
///
/// Herald ships one for each common service (`ProviderSpec.builtIn`); an app adds
/// its own, or forces one, through `PayloadDecoder.Options`.
public protocol PushProvider: Sendable {
    var id: ProviderID { get }

    /// How sure this provider is that `payload` is its own: `nil` for "not mine",
    /// a higher number for stronger evidence. The most confident provider wins.
    func confidence(for payload: [String: JSONValue]) -> Int?

    /// The provider's view of `payload`.
    func envelope(of payload: [String: JSONValue]) -> ProviderEnvelope

    /// Top-level keys and key prefixes without one of which `confidence(for:)` is
    /// always `nil`; the decoder skips the provider for payloads that lack them.
    /// `nil` (the default) means "always ask".
    var anchors: ProviderAnchors? { get }
}

extension PushProvider {
    public var anchors: ProviderAnchors? { nil }
}

/// The top-level keys and key prefixes a provider needs to see before it is asked.
public struct ProviderAnchors: Sendable, Hashable {
    public var keys: Set<String>
    public var prefixes: [String]

    public init(keys: Set<String>, prefixes: [String] = []) {
        self.keys = keys
        self.prefixes = prefixes
    }
}

/// What a provider finds in its own payload.
public struct ProviderEnvelope: Sendable, Hashable {
    public var id: String?
    public var link: String?
    public var attachments: [AttachmentReference]
    /// The app's data: the payload without `aps` and the provider's own keys.
    public var data: [String: JSONValue]
    /// Text the provider carries outside `aps.alert`, used where `aps.alert` has none.
    public var content: AlertContent
    /// The path of the provider's flag that marks the push as its own, not the user's; `nil` for a push to show.
    public var internalFlag: String?

    public init(
        id: String? = nil, link: String? = nil, attachments: [AttachmentReference] = [],
        data: [String: JSONValue] = [:], content: AlertContent = AlertContent(), internalFlag: String? = nil
    ) {
        self.id = id
        self.link = link
        self.attachments = attachments
        self.data = data
        self.content = content
        self.internalFlag = internalFlag
    }
}
