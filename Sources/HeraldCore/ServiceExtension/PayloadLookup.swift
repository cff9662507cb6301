/// Reads a path from a notification the way a Service Extension needs to: in the
/// app's data (JSON-string fields already unwrapped), then in the raw payload, and
/// through any string on the way that holds JSON (GeTui keeps its own `aps`
/// inside the string field `payload`).
enum PayloadLookup {
    /// Largest JSON string parsed on the way (APNs payloads are at most 5 KiB).
    static let maxEmbeddedBytes = 64 << 10

    /// The value at `path`, or `nil` when any step is missing.
    static func value(at path: JSONPath, in notification: PushNotification) -> JSONValue? {
        if let found = notification[path] { return found }
        return descend(.object(notification.raw), path.components[...], depth: 0)
    }

    /// The text at `path`: a string, or a number or boolean as text; `nil` for empty text.
    static func text(at path: JSONPath, in notification: PushNotification) -> String? {
        guard let text = value(at: path, in: notification)?.scalarText, !text.isEmpty else { return nil }
        return text
    }

    private static func descend(_ value: JSONValue, _ rest: ArraySlice<JSONPath.Component>, depth: Int) -> JSONValue? {
        guard !rest.isEmpty else { return value }
        guard depth < 4 else { return nil }
        // Try every prefix of the path; where one lands on a JSON string, go on inside it.
        for end in rest.indices.reversed() {
            let prefix = JSONPath(components: Array(rest[rest.startIndex...end]))
            guard let found = value[path: prefix] else { continue }
            if end == rest.index(before: rest.endIndex) { return found }
            if case .string(let text) = found, let inner = parseEmbedded(text),
                let result = descend(inner, rest[(end + 1)...], depth: depth + 1)
            {
                return result
            }
        }
        return nil
    }

    private static func parseEmbedded(_ text: String) -> JSONValue? {
        guard text.utf8.count <= maxEmbeddedBytes, let first = text.utf8.first(where: { $0 > 0x20 }),
            first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        else { return nil }
        return try? JSONParser(maxDepth: 64).parse(text)
    }
}
