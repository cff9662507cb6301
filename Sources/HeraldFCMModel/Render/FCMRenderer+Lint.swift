import HeraldPayload
import HeraldShared

extension FCMRenderer {
    /// Every reason the publish cannot go to Android as it is, each an issue for the `fcm`
    /// platform: bad Android options, reserved data keys, the 4 KB limit (errors); data
    /// values that are not strings and go as JSON text (warnings).
    ///
    /// - Parameter payload: the APNs payload with `herald.publishId` in it, so the size is
    ///   the size that will be sent.
    public func lint(_ payload: JSONValue, options: Options = Options()) -> [LintIssue] {
        let message: FCMMessage
        do {
            message = try self.message(payload, options: options, token: "")
        } catch {
            return [LintIssue(.error, error.field, error.message, platform: "fcm")]
        }
        var issues: [LintIssue] = []
        for key in message.data.keys.sorted() {
            if key.isEmpty {
                issues.append(LintIssue(.error, "data", "a key is empty; FCM refuses it", platform: "fcm"))
            } else if FCMMessage.isReservedDataKey(key) {
                issues.append(LintIssue(.error, "data.\(key)", FCMMessage.reservedKeyAdvice, platform: "fcm"))
            }
        }
        var sized = message.json.objectValue ?? [:]
        sized["token"] = nil
        let size = JSONWriter.compactByteCount(.object(sized))
        if size > FCMMessage.maxPayloadBytes {
            issues.append(
                LintIssue(
                    .error, "message",
                    "\(size) bytes rendered for FCM; FCM accepts at most \(FCMMessage.maxPayloadBytes); shorten the text or the data",
                    platform: "fcm"))
        }
        let custom = (payload.objectValue ?? [:]).filter { $0.key != "aps" && $0.key != "herald" && $0.value.stringValue == nil }
        for key in custom.keys.sorted() where message.data[key] != nil {
            issues.append(LintIssue(.warning, "data.\(key)", "is not a string; FCM data takes strings, so it is sent as the JSON text \(message.data[key] ?? "")", platform: "fcm"))
        }
        return issues
    }
}
