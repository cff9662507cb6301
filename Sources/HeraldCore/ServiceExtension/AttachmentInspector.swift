/// Decides, from what a transfer sees, whether an attachment is kept and as what:
/// pure and `Sendable`, so any transport (libcurl, URLSession, a file) calls it
/// from its own thread while streaming.
///
/// The type comes from the first of: a `filename` query item, the Content-Type,
/// the path extension, a kind the payload declared. The first bytes then have the
/// last word: when they are a known format that disagrees, the bytes win (a JPEG
/// served as `image/png` is saved as `.jpg`); when they are a page (HTML, JSON)
/// the attachment is refused. Caps apply from Content-Length before any byte is
/// downloaded, and to the bytes while they stream.
public struct AttachmentInspector: Sendable, Hashable {
    /// The URL or resource name, as the payload gave it.
    public var source: String
    public var limits: AttachmentLimits
    /// A kind the payload declared next to the URL (GeTui `type`, Braze `att.type`).
    public var declaredKind: AttachmentKind?

    public init(source: String, limits: AttachmentLimits = AttachmentLimits(), declaredKind: AttachmentKind? = nil) {
        self.source = source
        self.limits = limits
        self.declaredKind = declaredKind
    }

    /// What the response head says: a refusal, or the declared format (if any) and the byte cap.
    public func admit(_ head: ResponseHead) throws(AttachmentSkip) -> Admission {
        if let status = head.status, !(200...299).contains(status) {
            throw AttachmentSkip(.httpStatus(status))
        }
        let declared = declaredFormat(contentType: head.contentType)
        let kind = declared?.kind ?? head.contentType.flatMap { AttachmentKind(mimeType: $0) } ?? declaredKind
        let cap = limits.cap(for: kind)
        if let length = head.contentLength {
            if length > cap { throw AttachmentSkip(.announcedTooLarge(bytes: length, cap: cap, kind: kind)) }
            if length == 0 { throw AttachmentSkip(.empty) }
        }
        return Admission(declared: declared, kind: kind, cap: cap, contentType: head.contentType, contentLength: head.contentLength)
    }

    /// The format of the attachment from its first bytes (at least `MediaSniffer.prefixLength`,
    /// fewer only when the file is shorter), and the cap of that format's kind.
    public func identify(prefix: some Collection<UInt8>, admission: Admission) throws(AttachmentSkip) -> (MediaFormat, cap: Int) {
        guard !prefix.isEmpty else { throw AttachmentSkip(.empty) }
        let format: MediaFormat
        if let sniffed = MediaSniffer.format(of: prefix) {
            format = sniffed
        } else if let page = MediaSniffer.textKind(of: prefix) {
            throw AttachmentSkip(.notMedia(page))
        } else if let declared = admission.declared {
            format = declared
        } else {
            let what = admission.contentType.map { "Content-Type \($0)" } ?? "a file of unknown type"
            throw AttachmentSkip(.unsupportedType(what))
        }
        let cap = limits.cap(for: format.kind)
        if let length = admission.contentLength, length > cap {
            throw AttachmentSkip(.announcedTooLarge(bytes: length, cap: cap, kind: format.kind))
        }
        return (format, cap)
    }

    /// The format the URL and Content-Type declare, in order: filename query item,
    /// Content-Type, path extension.
    public func declaredFormat(contentType: String?) -> MediaFormat? {
        let parts = MediaURL.Parts(source)
        if let parts {
            for item in parts.query.split(separator: "&") {
                let pair = item.split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0].lowercased() == "filename",
                    let format = MediaFormat(fileExtension: MediaURL.pathExtension(Substring(pair[1].removingPercentEncodingLite)))
                {
                    return format
                }
            }
        }
        if let contentType, let format = MediaFormat(mimeType: contentType) { return format }
        let path = parts?.path ?? Substring(source)
        return MediaFormat(fileExtension: MediaURL.pathExtension(path))
    }

    /// What `admit(_:)` found: the format declared so far, the kind, the cap until the bytes tell.
    public struct Admission: Sendable, Hashable {
        public var declared: MediaFormat?
        public var kind: AttachmentKind?
        public var cap: Int
        public var contentType: String?
        public var contentLength: Int?
    }
}
