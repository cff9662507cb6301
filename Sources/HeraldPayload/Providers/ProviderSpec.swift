import HeraldShared

/// A provider described as data: marker keys, where the id, link and media live,
/// which keys it reserves, and the container that holds the app's data.
public struct ProviderSpec: PushProvider {
    /// A key whose presence is evidence for the provider, and how much.
    public struct Marker: Sendable, Hashable {
        /// The key's path, or a prefix of top-level keys (`com.urbanairship.`).
        public var path: JSONPath?
        public var prefix: String?
        public var weight: Int

        public init(_ path: JSONPath, weight: Int) {
            self.path = path
            self.weight = weight
        }

        public init(prefix: String, weight: Int) {
            self.prefix = prefix
            self.weight = weight
        }

        func isPresent(in payload: [String: JSONValue]) -> Bool {
            if let path { return JSONValue.object(payload)[path: path] != nil }
            if let prefix { return payload.keys.contains { $0.utf8.starts(with: prefix.utf8) } }
            return false
        }
    }

    public var id: ProviderID
    /// Paths that must all be present for the provider to claim a payload.
    public var allOf: [JSONPath]
    /// Paths of which at least one must be present, when not empty.
    public var anyOf: [JSONPath]
    /// Evidence; the confidence is the sum of the weights present.
    public var markers: [Marker]
    /// Where the message id may be, first found wins (strings or numbers).
    public var idPaths: [JSONPath]
    /// Where the deep link may be, first non-empty string wins.
    public var linkPaths: [JSONPath]
    /// Where media URLs may be: a string, an array of strings, an object of strings,
    /// or objects with a `url` member.
    public var attachmentPaths: [JSONPath]
    /// Top-level keys that belong to the provider, not the app.
    public var reservedKeys: Set<String>
    /// Top-level key prefixes that belong to the provider (`gcm.`, `_j_`).
    public var reservedPrefixes: [String]
    /// An object that holds the app's data instead of the top level (Beams `data`, OneSignal `custom.a`).
    public var container: JSONPath?
    /// Keys inside `container` that belong to the provider (Beams `pusher`).
    public var containerReserved: Set<String>
    /// When the container's top-level key is present, the app's data is the container
    /// alone (OneSignal's classic `custom.a`); other top-level keys are not the app's.
    public var containerIsExclusive: Bool
    /// Where the provider keeps text outside `aps.alert`.
    public var titlePaths: [JSONPath]
    public var subtitlePaths: [JSONPath]
    public var bodyPaths: [JSONPath]
    /// Paths where `true` marks a push the provider sent for its own use, not for the user
    /// (Beams' `data.pusher.userShouldIgnore`). Any other value, or another key, marks nothing.
    public var internalFlags: [JSONPath]
    /// A last adjustment for what the fields above cannot say (Iterable's link exists only for `openUrl`).
    public var refine: (@Sendable (inout ProviderEnvelope, _ payload: JSONValue) -> Void)?

    public init(
        id: ProviderID, allOf: [JSONPath] = [], anyOf: [JSONPath] = [], markers: [Marker], idPaths: [JSONPath] = [],
        linkPaths: [JSONPath] = [], attachmentPaths: [JSONPath] = [], reservedKeys: Set<String> = [],
        reservedPrefixes: [String] = [], container: JSONPath? = nil, containerReserved: Set<String> = [],
        containerIsExclusive: Bool = false,
        titlePaths: [JSONPath] = [], subtitlePaths: [JSONPath] = [], bodyPaths: [JSONPath] = [],
        internalFlags: [JSONPath] = [], refine: (@Sendable (inout ProviderEnvelope, _ payload: JSONValue) -> Void)? = nil
    ) {
        self.id = id
        self.allOf = allOf
        self.anyOf = anyOf
        self.markers = markers
        self.idPaths = idPaths
        self.linkPaths = linkPaths
        self.attachmentPaths = attachmentPaths
        self.reservedKeys = reservedKeys
        self.reservedPrefixes = reservedPrefixes
        self.container = container
        self.containerReserved = containerReserved
        self.containerIsExclusive = containerIsExclusive
        self.titlePaths = titlePaths
        self.subtitlePaths = subtitlePaths
        self.bodyPaths = bodyPaths
        self.internalFlags = internalFlags
        self.refine = refine
    }

    public var anchors: ProviderAnchors? {
        if let first = allOf.first { return ProviderAnchors(keys: Set(first.topLevelKeys)) }
        if !anyOf.isEmpty { return ProviderAnchors(keys: Set(anyOf.flatMap(\.topLevelKeys))) }
        return ProviderAnchors(
            keys: Set(markers.flatMap { $0.path?.topLevelKeys ?? [] }), prefixes: markers.compactMap(\.prefix))
    }

    public func confidence(for payload: [String: JSONValue]) -> Int? {
        let root = JSONValue.object(payload)
        guard allOf.allSatisfy({ root[path: $0] != nil }) else { return nil }
        guard anyOf.isEmpty || anyOf.contains(where: { root[path: $0] != nil }) else { return nil }
        let score = markers.reduce(0) { $0 + ($1.isPresent(in: payload) ? $1.weight : 0) }
        return score > 0 ? score : nil
    }

    public func envelope(of payload: [String: JSONValue]) -> ProviderEnvelope {
        let root = JSONValue.object(payload)
        // Copy and remove: cheaper than filtering, which re-hashes every key kept.
        var data = payload
        data["aps"] = nil
        for key in reservedKeys where data[key] != nil { data[key] = nil }
        if !reservedPrefixes.isEmpty {
            for key in payload.keys where reservedPrefixes.contains(where: { key.utf8.starts(with: $0.utf8) }) {
                data[key] = nil
            }
        }
        if let container, let top = container.topLevelKeys.first(where: { payload[$0] != nil }) {
            if containerIsExclusive { data = [:] }
            data[top] = nil
            for (key, value) in root[path: container]?.objectValue ?? [:] where !containerReserved.contains(key) {
                data[key] = value
            }
        }
        var envelope = ProviderEnvelope(
            id: Self.firstText(in: root, idPaths),
            link: Self.firstText(in: root, linkPaths),
            attachments: attachmentPaths.flatMap { Self.attachments(in: root[path: $0]) },
            data: data,
            content: AlertContent(
                title: Self.firstText(in: root, titlePaths), subtitle: Self.firstText(in: root, subtitlePaths),
                body: Self.firstText(in: root, bodyPaths)),
            internalFlag: internalFlags.first { root[path: $0]?.boolValue == true }?.description)
        refine?(&envelope, root)
        return envelope
    }

    /// The first non-empty scalar found at `paths`, as text.
    static func firstText(in root: JSONValue, _ paths: [JSONPath]) -> String? {
        for path in paths {
            if let text = root[path: path]?.scalarText, !text.isEmpty { return text }
        }
        return nil
    }

    /// Media URLs in `value`: a string, an array, an object of URLs, or `{url, type}` objects.
    static func attachments(in value: JSONValue?) -> [AttachmentReference] {
        guard let value else { return [] }
        switch value {
        case .string(let url):
            return MediaURL.isAttachable(url) ? [AttachmentReference(url: url, kind: MediaURL.kind(of: url))] : []
        case .array(let elements):
            return elements.flatMap { attachments(in: $0) }
        case .object(let members):
            if let url = (members["url"] ?? members["URL"])?.stringValue {
                guard MediaURL.isAttachable(url) else { return [] }
                let declared = (members["type"] ?? members["mimeType"] ?? members["content_type"])?.stringValue
                let kind = declared.flatMap { AttachmentKind(fileExtension: $0) ?? AttachmentKind(mimeType: $0) }
                return [AttachmentReference(url: url, kind: kind ?? MediaURL.kind(of: url))]
            }
            return members.keys.sorted().flatMap { attachments(in: members[$0]) }
        default:
            return []
        }
    }
}
