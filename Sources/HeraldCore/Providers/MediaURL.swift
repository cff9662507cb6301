import Foundation

/// What can be told about a media URL before downloading it.
public enum MediaURL {
    /// Whether `text` is a URL a Service Extension can fetch or read: http, https or file.
    public static func isAttachable(_ text: String) -> Bool {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else { return false }
        switch scheme {
        case "http", "https": return !(components.host ?? "").isEmpty
        case "file": return !components.path.isEmpty
        default: return false
        }
    }

    /// The media kind from a `filename` query item, then the path extension.
    public static func kind(of text: String) -> AttachmentKind? {
        guard let components = URLComponents(string: text) else { return nil }
        if let filename = components.queryItems?.first(where: { $0.name.lowercased() == "filename" })?.value,
            let kind = AttachmentKind(fileExtension: pathExtension(filename))
        {
            return kind
        }
        return AttachmentKind(fileExtension: pathExtension(components.path))
    }

    static func pathExtension(_ path: String) -> String {
        guard let last = path.split(separator: "/").last, let dot = last.lastIndex(of: ".") else { return "" }
        return String(last[last.index(after: dot)...])
    }
}
