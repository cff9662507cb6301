/// Where in a payload an app's own message model lives.
public struct MessageSource: Sendable {
    enum Kind: Sendable {
        case data
        case root
        case path(JSONPath)
        case encrypted(JSONPath, EncryptedFieldUnwrapper)
    }

    let kind: Kind

    /// The app's data: the payload without `aps` and provider keys, unwrapped (the default).
    public static let data = MessageSource(kind: .data)
    /// The whole payload as received.
    public static let root = MessageSource(kind: .root)

    /// The value at `path`, looked up in the app's data, then in the raw payload; a
    /// string that holds JSON (GeTui's `payload`) is parsed first.
    public static func path(_ path: JSONPath) -> MessageSource {
        MessageSource(kind: .path(path))
    }

    /// The encrypted string at `path` in the raw payload (UMeng's `msg`), decrypted and parsed.
    public static func encrypted(
        _ path: JSONPath, decryptor: any PayloadDecryptor, encoding: EncryptedFieldUnwrapper.Encoding = .base64
    ) -> MessageSource {
        MessageSource(kind: .encrypted(path, EncryptedFieldUnwrapper(fields: [path.description], decryptor: decryptor, encoding: encoding)))
    }
}

/// Why an app's message could not be decoded from a notification.
public struct MessageDecodingError: Error, Sendable, CustomStringConvertible {
    /// The source path, as text.
    public var path: String
    public var problem: String

    public var description: String { "\(path): \(problem)" }
}
