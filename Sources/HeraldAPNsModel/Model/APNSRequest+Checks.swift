import HeraldShared
import HeraldPayload

extension APNSRequest {
    /// The token in lowercase hex; spaces and `<>` (from a logged `Data`) are dropped.
    static func checkToken(_ text: String) throws(APNSRequestError) -> String {
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

    /// A canonical UUID, lowercased.
    static func checkUUID(_ text: String) throws(APNSRequestError) -> String {
        let lower = text.lowercased()
        let groups = lower.split(separator: "-", omittingEmptySubsequences: false).map(\.count)
        let hex = lower.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) || $0 == 0x2d }
        guard groups == [8, 4, 4, 4, 12], hex else {
            throw APNSRequestError("apns-id", "\"\(text)\" is not a UUID like 123e4567-e89b-12d3-a456-4266554400a0")
        }
        return lower
    }
}
