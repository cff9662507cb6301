/// Why an attachment was left out; the notification is delivered without it.
public struct AttachmentSkip: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// Neither an http(s) or file URL nor a bundled resource name.
        case notAURL
        /// A scheme other than http, https or file.
        case unsupportedScheme(String)
        /// More references than `AttachmentLimits.maxCount`.
        case tooMany(limit: Int)
        /// A bundled resource that is in none of the resource folders.
        case resourceNotFound(String)
        /// The server answered with this HTTP status.
        case httpStatus(Int)
        /// Content-Length announced more than the cap: refused before downloading.
        case announcedTooLarge(bytes: Int, cap: Int, kind: AttachmentKind?)
        /// More bytes arrived than the cap allows: the download was stopped.
        case tooLarge(cap: Int, kind: AttachmentKind?)
        /// Not one of Apple's formats; what it seemed to be.
        case unsupportedType(String)
        /// The server sent a page (HTML, JSON, XML, text) instead of media.
        case notMedia(String)
        /// The response had no body.
        case empty
        /// The transfer failed (connection, TLS, redirects, truncated body…).
        case transfer(String)
        /// The file could not be read or written.
        case file(String)
        /// Still downloading when the deadline came; cancelled.
        case deadline
        /// Anything else, in words.
        case unknown(String)
    }

    public var reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .notAURL: return "not an http(s) or file URL, nor a bundled resource name"
        case .unsupportedScheme(let scheme): return "the \(scheme): scheme cannot be fetched; use http, https or file"
        case .tooMany(let limit): return "more than \(limit) attachments; the rest are left out"
        case .resourceNotFound(let name): return "no bundled resource named \(name)"
        case .httpStatus(let status): return "the server answered HTTP \(status)"
        case .announcedTooLarge(let bytes, let cap, let kind):
            return "Content-Length is \(bytes) bytes, over the \(cap)-byte cap for \(kind?.rawValue ?? "any attachment"); not downloaded"
        case .tooLarge(let cap, let kind):
            return "more than \(cap) bytes, the cap for \(kind?.rawValue ?? "any attachment"); download stopped"
        case .unsupportedType(let what):
            return "\(what) is not an attachment format iOS accepts (JPEG, PNG, GIF, MP3, M4A, WAV, AIFF, MPEG, MP4, AVI)"
        case .notMedia(let what): return "the server sent \(what), not media"
        case .empty: return "the response was empty"
        case .transfer(let message): return "download failed: \(message)"
        case .file(let message): return "file error: \(message)"
        case .deadline: return "still downloading at the deadline; cancelled"
        case .unknown(let message): return message
        }
    }
}

/// An attachment that was left out, with the reason.
public struct SkippedAttachment: Sendable, Hashable {
    public var source: String
    public var skip: AttachmentSkip

    public init(source: String, skip: AttachmentSkip) {
        self.source = source
        self.skip = skip
    }
}
