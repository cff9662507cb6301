import HeraldShared
import HeraldPayload

extension APNSRequest {
    /// The token in lowercase hex; spaces and `<>` (from a logged `Data`) are dropped.
    static func checkToken(_ text: String) throws(APNSRequestError) -> String {
        // What a gateway sends: already lowercase hex of a token's length, as it is.
        let count = text.utf8.count
        if count % 2 == 0, (32...200).contains(count), text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }) {
            return text
        }
        guard let token = DeviceToken(hex: text) else {
            throw APNSRequestError("device token", "\"\(text.prefix(80))\" is not hex; give the token as the app logged DeviceToken(data:).hex (64 hex digits)")
        }
        guard (16...100).contains(token.bytes.count) else {
            throw APNSRequestError("device token", "\(token.bytes.count) bytes; APNs device tokens are 32 bytes (64 hex digits)")
        }
        return token.hex
    }

    /// `apns-topic` for `pushType`: `bundleID` with the suffix the push type needs, unless it
    /// already ends with it (`com.example.app` becomes `com.example.app.voip` for `.voip`).
    /// The one place the suffix is added: requests, broadcasts and the gateway use it.
    public static func topic(_ bundleID: String, pushType: PushType) throws(APNSRequestError) -> String {
        guard !bundleID.isEmpty, bundleID.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7f }) else {
            throw APNSRequestError("topic", "\"\(bundleID)\" is not a bundle id; give the app's bundle id, e.g. com.example.app")
        }
        let suffix = pushType.topicSuffix
        if suffix.isEmpty || bundleID.hasSuffix(suffix) { return bundleID }
        for other in PushType.documented where !other.topicSuffix.isEmpty && bundleID.hasSuffix(other.topicSuffix) {
            throw APNSRequestError("topic", "\"\(bundleID)\" ends with \(other.topicSuffix), the suffix of \(other) pushes, but the push type is \(pushType); give the plain bundle id")
        }
        return bundleID + suffix
    }

    /// The payload's lint warnings; throws the first lint error (and how many more there are).
    static func checkPayload(_ payload: JSONValue, pushType: PushType, linter: PayloadLinter) throws(APNSRequestError) -> [LintIssue] {
        let issues: [LintIssue]
        do {
            issues = try linter.lint(payload, pushType: pushType)
        } catch {
            throw APNSRequestError("payload", "\(error)")
        }
        if let first = issues.first(where: { $0.severity == .error }) {
            let count = issues.filter { $0.severity == .error }.count
            throw APNSRequestError(
                first.path, first.message + (count > 1 ? " (and \(count - 1) more lint error\(count > 2 ? "s" : ""); run herald lint)" : "")
            )
        }
        return issues
    }

    /// A canonical UUID, lowercased. Byte by byte: a gateway checks one per delivery.
    static func checkUUID(_ text: String) throws(APNSRequestError) -> String {
        var valid = text.utf8.count == 36
        var upper = false
        for (index, byte) in text.utf8.enumerated() where valid {
            switch (index, byte) {
            case (8, 0x2d), (13, 0x2d), (18, 0x2d), (23, 0x2d): continue
            case (8, _), (13, _), (18, _), (23, _): valid = false
            case (_, 0x30...0x39), (_, 0x61...0x66): continue
            case (_, 0x41...0x46): upper = true
            default: valid = false
            }
        }
        guard valid else {
            throw APNSRequestError("apns-id", "\"\(text)\" is not a UUID like 123e4567-e89b-12d3-a456-4266554400a0")
        }
        return upper ? text.lowercased() : text
    }
}
