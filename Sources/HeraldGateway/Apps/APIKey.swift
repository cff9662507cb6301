import HeraldAuth
import HeraldStore

/// The keys of an app: a server key (publish, admin) for the app's backend, a client key
/// (register devices) that ships inside the app, and one device key per device (that
/// device's own calls). Only their SHA-256 is stored; a presented key is hashed and
/// compared in constant time.
public struct APIKey: Sendable, Hashable {
    public enum Role: String, Sendable, Hashable, CaseIterable {
        /// `hsk_`: the app's backend.
        case server
        /// `hck_`: ships in the app; registers devices.
        case client
        /// `hdk_`: one device's own key, answered at registration.
        case device

        var prefix: String {
            switch self {
            case .server: "hsk_"
            case .client: "hck_"
            case .device: "hdk_"
            }
        }
    }

    public let role: Role
    /// The secret: `hsk_` or `hck_` and 64 hex digits (256 random bits).
    public let secret: String

    /// A new random key (SystemRandomNumberGenerator: the kernel's getrandom).
    public static func generate(_ role: Role) -> APIKey {
        APIKey(role: role, secret: Identifier.make(role.prefix, bytes: 32))
    }

    /// Lowercase hex SHA-256 of the secret: what the store keeps.
    public var hash: String { Self.hash(secret) }

    public static func hash(_ secret: String) -> String { SHA256.hex(secret) }

    /// Whether `presented` is the key whose hash is `storedHash`, in constant time.
    public static func matches(_ presented: String, storedHash: String) -> Bool {
        equalHashes(hash(presented), storedHash)
    }

    /// Whether two stored hashes are equal, in constant time.
    static func equalHashes(_ a: String, _ b: String) -> Bool {
        ConstantTime.equal(Array(a.utf8), Array(b.utf8))
    }

    /// The role a presented secret claims by its prefix.
    static func role(of secret: String) -> Role? {
        Role.allCases.first { secret.hasPrefix($0.prefix) }
    }
}
