/// The two API keys of an app: a server key (publish, admin) for the app's backend and a
/// client key (devices, events) that ships inside the app. Only their SHA-256 is stored;
/// a presented key is hashed and compared in constant time.
public struct APIKey: Sendable, Hashable {
    public enum Role: String, Sendable, Hashable, CaseIterable {
        case server, client

        var prefix: String { self == .server ? "hsk_" : "hck_" }
    }

    public let role: Role
    /// The secret: `hsk_` or `hck_` and 64 hex digits (256 random bits).
    public let secret: String

    /// A new random key (SystemRandomNumberGenerator: the kernel's getrandom).
    public static func generate(_ role: Role) -> APIKey {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return APIKey(role: role, secret: role.prefix + Hex.encode(bytes))
    }

    /// Lowercase hex SHA-256 of the secret: what the store keeps.
    public var hash: String { Self.hash(secret) }

    public static func hash(_ secret: String) -> String { SHA256.hex(secret) }

    /// Whether `presented` is the key whose hash is `storedHash`, in constant time.
    public static func matches(_ presented: String, storedHash: String) -> Bool {
        SHA256.constantTimeEqual(Array(hash(presented).utf8), Array(storedHash.utf8))
    }
}
