/// A file format a notification can attach, as Apple lists them for
/// `UNNotificationAttachment`: audio (AIFF, WAV, MP3, M4A), image (JPEG, GIF,
/// PNG) and movie (MPEG, MPEG-2, MP4, AVI).
public enum MediaFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg, png, gif
    case mp3, m4a, wav, aiff
    case mpeg, mp4, avi

    /// Image, audio or video: which size cap applies.
    public var kind: AttachmentKind {
        switch self {
        case .jpeg, .png, .gif: return .image
        case .mp3, .m4a, .wav, .aiff: return .audio
        case .mpeg, .mp4, .avi: return .video
        }
    }

    /// The file extension the system needs to recognise the file.
    public var fileExtension: String {
        switch self {
        case .jpeg: return "jpg"
        case .aiff: return "aiff"
        case .mpeg: return "mpg"
        default: return rawValue
        }
    }

    /// The format for a file extension, if Apple can attach it.
    public init?(fileExtension: some StringProtocol) {
        guard fileExtension.utf8.count <= 5 else { return nil }
        switch fileExtension.lowercased() {
        case "jpg", "jpeg", "jpe": self = .jpeg
        case "png": self = .png
        case "gif": self = .gif
        case "mp3": self = .mp3
        case "m4a": self = .m4a
        case "wav", "wave": self = .wav
        case "aif", "aiff", "aifc": self = .aiff
        case "mpg", "mpeg", "mpe", "m2v", "mpeg2": self = .mpeg
        case "mp4", "m4v": self = .mp4
        case "avi": self = .avi
        default: return nil
        }
    }

    /// The format for a MIME type (`image/jpeg; charset=…`), if Apple can attach it.
    public init?(mimeType: some StringProtocol) {
        let type = mimeType.lowercased().split(separator: ";").first.map { String(String($0).trimmingSpaces) } ?? ""
        switch type {
        case "image/jpeg", "image/jpg", "image/pjpeg": self = .jpeg
        case "image/png", "image/x-png": self = .png
        case "image/gif": self = .gif
        case "audio/mpeg", "audio/mp3", "audio/mpeg3", "audio/x-mp3", "audio/x-mpeg": self = .mp3
        case "audio/mp4", "audio/m4a", "audio/x-m4a": self = .m4a
        case "audio/wav", "audio/wave", "audio/x-wav", "audio/vnd.wave": self = .wav
        case "audio/aiff", "audio/x-aiff", "audio/aifc": self = .aiff
        case "video/mpeg", "video/mpeg2", "video/x-mpeg": self = .mpeg
        case "video/mp4", "video/x-m4v", "application/mp4": self = .mp4
        case "video/avi", "video/x-msvideo", "video/msvideo": self = .avi
        default: return nil
        }
    }
}

/// An attachment written to disk, ready to hand to the system.
public struct SavedAttachment: Sendable, Hashable {
    /// The payload URL (or resource name) it came from.
    public var source: String
    /// The file, with the extension of its format.
    public var path: String
    public var format: MediaFormat
    public var bytes: Int

    public init(source: String, path: String, format: MediaFormat, bytes: Int) {
        self.source = source
        self.path = path
        self.format = format
        self.bytes = bytes
    }
}
