/// How much a Service Extension attaches: Apple's size caps per kind, and how
/// many attachments one notification gets.
///
/// Apple documents the caps as 5 MB (audio), 10 MB (image) and 50 MB (video)
/// without saying which megabyte; Herald reads them as 1,000,000 bytes, the
/// smaller reading, so no file it accepts is refused by the system.
public struct AttachmentLimits: Sendable, Hashable {
    public var image: Int
    public var audio: Int
    public var video: Int
    /// Attachments per notification; the first is the one the banner shows.
    public var maxCount: Int

    public init(image: Int = 10_000_000, audio: Int = 5_000_000, video: Int = 50_000_000, maxCount: Int = 5) {
        self.image = image
        self.audio = audio
        self.video = video
        self.maxCount = maxCount
    }

    /// The cap for a kind; for an unknown kind, the largest (tightened once the bytes tell).
    public func cap(for kind: AttachmentKind?) -> Int {
        switch kind {
        case .image: return image
        case .audio: return audio
        case .video: return video
        case nil: return max(image, audio, video)
        }
    }
}
