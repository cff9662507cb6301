import HeraldShared

/// What can be told about a media URL before downloading it, without Foundation's
/// URL parser (this runs for every payload decoded).
public enum MediaURL {
    /// Whether `text` is a URL a Service Extension can fetch or read: http(s) with a host, or file with a path.
    public static func isAttachable(_ text: String) -> Bool {
        guard let parts = Parts(text) else { return false }
        switch parts.scheme {
        case "http", "https": return !parts.host.isEmpty && !text.utf8.contains(UInt8(ascii: " "))
        case "file": return parts.path.count > 1
        default: return false
        }
    }

    /// The media kind from a `filename` query item, then the path extension.
    public static func kind(of text: String) -> AttachmentKind? {
        guard let parts = Parts(text) else { return nil }
        for item in parts.query.split(separator: "&") {
            let pair = item.split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0].lowercased() == "filename",
                let kind = AttachmentKind(fileExtension: pathExtension(Substring(pair[1].removingPercentEncodingLite)))
            {
                return kind
            }
        }
        return AttachmentKind(fileExtension: pathExtension(parts.path))
    }

    package static func pathExtension(_ path: Substring) -> Substring {
        let utf8 = path.utf8
        let nameStart = utf8.lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
        guard let dot = utf8[nameStart...].lastIndex(of: UInt8(ascii: ".")) else { return "" }
        return path[utf8.index(after: dot)...]
    }

    /// scheme://host/path?query#fragment, split by hand over UTF-8 (no Character work).
    package struct Parts {
        package var scheme: String
        var host: Substring
        package var path: Substring
        package var query: Substring

        package init?(_ text: String) {
            let utf8 = text.utf8
            guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), colon != utf8.startIndex else { return nil }
            for byte in utf8[..<colon] {
                let isScheme = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                    || byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                guard isScheme else { return nil }
            }
            scheme = text[..<colon].utf8.allSatisfy({ $0 >= UInt8(ascii: "a") }) ? String(text[..<colon]) : text[..<colon].lowercased()
            var end = utf8.firstIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex
            if let question = utf8[colon..<end].firstIndex(of: UInt8(ascii: "?")) {
                query = text[utf8.index(after: question)..<end]
                end = question
            } else {
                query = ""
            }
            var start = utf8.index(after: colon)
            if utf8[start..<end].starts(with: "//".utf8) {
                start = utf8.index(start, offsetBy: 2)
                let slash = utf8[start..<end].firstIndex(of: UInt8(ascii: "/")) ?? end
                host = text[start..<slash]
                path = text[slash..<end]
            } else {
                host = ""
                path = text[start..<end]
            }
        }
    }
}

extension Substring {
    /// Percent-decoding for the few characters a file name query item holds.
    package var removingPercentEncodingLite: String {
        guard contains("%") else { return String(self) }
        var bytes: [UInt8] = []
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
