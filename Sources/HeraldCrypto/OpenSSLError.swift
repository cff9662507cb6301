import COpenSSL

/// A failed OpenSSL call: what Herald was doing, OpenSSL's error code and its text.
///
/// Built from the calling thread's OpenSSL error queue, which it empties, so one
/// failure never leaks into the next call's report.
public struct OpenSSLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What Herald was doing: `"reading the private key"`, `"signing the token"`.
    public var operation: String
    /// The first code on OpenSSL's error queue (0 when the queue was empty).
    public var code: UInt
    /// OpenSSL's text for every queued error, joined with `; `.
    public var message: String

    public init(operation: String, code: UInt, message: String) {
        self.operation = operation
        self.code = code
        self.message = message
    }

    public var description: String {
        message.isEmpty ? "\(operation) failed in OpenSSL" : "\(operation) failed in OpenSSL: \(message)"
    }

    /// Takes every error queued on this thread (oldest first) into one value.
    package static func drain(_ operation: String) -> OpenSSLError {
        var first: UInt = 0
        var texts: [String] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            if first == 0 { first = code }
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            texts.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return OpenSSLError(operation: operation, code: first, message: texts.joined(separator: "; "))
    }
}
