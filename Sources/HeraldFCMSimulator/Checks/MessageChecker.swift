import HeraldFCMModel
import HeraldShared

/// Checks a send request's body the way FCM does: `{"message": …}` with a token, string
/// data without reserved keys, FCM's `android` fields, and the 4096-byte limit.
enum MessageChecker {
    /// The message object, or the reason it is refused (INVALID_ARGUMENT).
    static func check(_ body: [UInt8]) -> Result<[String: JSONValue], Refusal> {
        guard let root = (try? JSONParser(maxDepth: 32).parse(body))?.objectValue else {
            return .failure(Refusal("the body is not a JSON object"))
        }
        guard let message = root["message"]?.objectValue else { return .failure(Refusal("no \"message\" object")) }
        let allowed: Set<String> = ["token", "notification", "android", "data", "apns", "webpush", "fcm_options", "name"]
        if let unknown = message.keys.sorted().first(where: { !allowed.contains($0) }) {
            return .failure(Refusal("Invalid JSON payload received. Unknown name \"\(unknown)\" at 'message'"))
        }
        guard let token = message["token"]?.stringValue, !token.isEmpty else { return .failure(Refusal("message.token is required")) }
        if let data = message["data"] {
            guard let object = data.objectValue else { return .failure(Refusal("message.data must be an object")) }
            for (key, value) in object.sorted(by: { $0.key < $1.key }) {
                guard value.stringValue != nil else { return .failure(Refusal("message.data.\(key) must be a string")) }
                if FCMMessage.reservedDataKeys.contains(key) || FCMMessage.reservedDataPrefixes.contains(where: { key.hasPrefix($0) }) {
                    return .failure(Refusal("message.data.\(key) is a reserved key"))
                }
            }
        }
        if let android = message["android"]?.objectValue {
            if let ttl = android["ttl"], !(ttl.stringValue.map(isDuration) ?? false) {
                return .failure(Refusal("message.android.ttl must be a duration such as \"3600s\""))
            }
            if let priority = android["priority"], !["NORMAL", "HIGH"].contains(priority.stringValue ?? "") {
                return .failure(Refusal("message.android.priority must be NORMAL or HIGH"))
            }
        }
        var payload = message
        payload["token"] = nil
        let size = JSONWriter.compactByteCount(.object(payload))
        guard size <= FCMMessage.maxPayloadBytes else {
            return .failure(Refusal("Message is too big: \(size) bytes, the limit is \(FCMMessage.maxPayloadBytes)"))
        }
        return .success(message)
    }

    /// Whether `text` is a protobuf duration in seconds: `"3600s"`, `"0.5s"`.
    private static func isDuration(_ text: String) -> Bool {
        text.hasSuffix("s") && Double(text.dropLast()).map { $0 >= 0 } == true
    }

    struct Refusal: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}
