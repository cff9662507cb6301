import Foundation

/// Finds a notification's attachments: the decoder's media, then the configured
/// paths; each becomes a request (remote URL, file, bundled resource) or is
/// skipped with a reason. Duplicates are dropped; past the limit, skipped.
enum AttachmentLocator {
    static func locate(_ notification: PushNotification, options: AttachmentOptions) -> (
        requests: [AttachmentRequest], skipped: [SkippedAttachment]
    ) {
        var found: [(text: String, kind: AttachmentKind?)] = []
        if options.includeDecoded {
            found += notification.attachments.map { ($0.url, $0.kind) }
        }
        for path in options.paths {
            if let value = PayloadLookup.value(at: path, in: notification) { collect(value, into: &found, depth: 0) }
        }
        var seen = Set<String>()
        var requests: [AttachmentRequest] = []
        var skipped: [SkippedAttachment] = []
        for (text, kind) in found where seen.insert(text).inserted {
            do throws(AttachmentSkip) {
                let location = try self.location(of: text, resourceDirectories: options.resourceDirectories)
                // Counted only among usable references, so a bad one reports its own reason.
                guard requests.count < options.limits.maxCount else { throw AttachmentSkip(.tooMany(limit: options.limits.maxCount)) }
                let inspector = AttachmentInspector(source: text, limits: options.limits, declaredKind: kind)
                requests.append(AttachmentRequest(index: requests.count, location: location, inspector: inspector))
            } catch {
                skipped.append(SkippedAttachment(source: text, skip: error))
            }
        }
        return (requests, skipped)
    }

    /// Strings, arrays of them, `{url, type}` objects and id→URL maps (OneSignal `att`).
    private static func collect(_ value: JSONValue, into found: inout [(text: String, kind: AttachmentKind?)], depth: Int) {
        guard depth < 4 else { return }
        switch value {
        case .string(let text):
            let trimmed = String(text.trimmingSpaces)
            if !trimmed.isEmpty { found.append((trimmed, nil)) }
        case .array(let elements):
            for element in elements { collect(element, into: &found, depth: depth + 1) }
        case .object(let members):
            if let url = (members["url"] ?? members["URL"])?.stringValue {
                let declared = (members["type"] ?? members["mimeType"] ?? members["content_type"])?.stringValue
                found.append((url, declared.flatMap { AttachmentKind(fileExtension: $0) ?? AttachmentKind(mimeType: $0) }))
            } else {
                for key in members.keys.sorted() { collect(members[key] ?? .null, into: &found, depth: depth + 1) }
            }
        default:
            return
        }
    }

    static func location(of text: String, resourceDirectories: [String]) throws(AttachmentSkip) -> AttachmentRequest.Location {
        if let parts = MediaURL.Parts(text), text.contains(":/") {
            switch parts.scheme {
            case "http", "https":
                guard MediaURL.isAttachable(text) else { throw AttachmentSkip(.notAURL) }
                return .remote(text)
            case "file":
                guard MediaURL.isAttachable(text) else { throw AttachmentSkip(.notAURL) }
                return .file(Substring(parts.path).removingPercentEncodingLite)
            default:
                throw AttachmentSkip(.unsupportedScheme(parts.scheme))
            }
        }
        let isName = !text.contains("/") && !text.hasPrefix(".") && !text.contains(":") && text.utf8.count <= 255
        guard isName, !resourceDirectories.isEmpty else { throw AttachmentSkip(.notAURL) }
        for directory in resourceDirectories {
            let path = directory + "/" + text
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue { return .file(path) }
        }
        throw AttachmentSkip(.resourceNotFound(text))
    }
}
