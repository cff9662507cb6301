import COpenSSL
import HeraldShared

/// A password's scrypt hash (OpenSSL's `EVP_PBE_scrypt`), kept with its cost and salt as
/// `$scrypt$ln=17,r=8,p=1$SALT$HASH` (salt and hash in unpadded base64url), so a hash
/// made at one cost is still checked after the default changes.
///
/// The default is the least cost OWASP's password storage advice allows for scrypt:
/// N = 2^17, r = 8, p = 1, about 128 MiB of memory and a few hundred milliseconds a hash.
/// That memory is why the gateway computes at most two at once (`PasswordGate`).
public struct PasswordHash: Sendable, Hashable {
    /// log2 of N, the CPU and memory cost.
    public var logN: Int
    /// The block size.
    public var r: Int
    /// The parallelism.
    public var p: Int
    public var salt: [UInt8]
    public var hash: [UInt8]

    /// OWASP's minimum: N = 2^17, r = 8, p = 1.
    public static let defaultCost = (logN: 17, r: 8, p: 1)
    static let hashLength = 32
    static let saltLength = 16

    /// The memory one hash of this cost needs: 128 × N × r bytes, and the p blocks.
    var memory: UInt64 { 128 * (UInt64(1) << UInt64(logN)) * UInt64(r) + 128 * UInt64(r) * UInt64(p) }

    /// Hashes `password` with a new random salt at the given cost.
    public static func make(_ password: String, logN: Int = defaultCost.logN, r: Int = defaultCost.r, p: Int = defaultCost.p) throws
        -> PasswordHash
    {
        var salt = [UInt8](repeating: 0, count: saltLength)
        guard RAND_bytes(&salt, Int32(saltLength)) == 1 else { throw PasswordHashError("the system's random source failed") }
        var made = PasswordHash(logN: logN, r: r, p: p, salt: salt, hash: [])
        made.hash = try made.derive(password)
        return made
    }

    /// Whether `password` is the one hashed, compared in constant time.
    public func matches(_ password: String) -> Bool {
        guard let derived = try? derive(password) else { return false }
        return ConstantTime.equal(derived, hash)
    }

    private func derive(_ password: String) throws -> [UInt8] {
        let bytes = Array(password.utf8)
        var output = [UInt8](repeating: 0, count: Self.hashLength)
        // An empty array may have no base address: pass one byte with a length of 0.
        let passwordBytes = bytes.isEmpty ? [0] : bytes
        let done = passwordBytes.withUnsafeBufferPointer { pass in
            pass.withMemoryRebound(to: CChar.self) { chars in
                EVP_PBE_scrypt(
                    chars.baseAddress, bytes.count, salt, salt.count, UInt64(1) << UInt64(logN), UInt64(r), UInt64(p), memory + (1 << 20),
                    &output, output.count)
            }
        }
        guard done == 1 else { throw PasswordHashError("scrypt failed (N=2^\(logN), r=\(r), p=\(p))") }
        return output
    }

    /// `$scrypt$ln=17,r=8,p=1$SALT$HASH`.
    public var encoded: String {
        "$scrypt$ln=\(logN),r=\(r),p=\(p)$\(Base64URL.encode(salt))$\(Base64URL.encode(hash))"
    }

    /// The hash `encoded` names; nil when it is not one (or its cost is out of bounds).
    public init?(encoded: String) {
        let parts = encoded.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "scrypt" else { return nil }
        var cost: [String: Int] = [:]
        for item in parts[2].split(separator: ",") {
            let pair = item.split(separator: "=")
            guard pair.count == 2, let value = Int(pair[1]) else { return nil }
            cost[String(pair[0])] = value
        }
        guard let logN = cost["ln"], let r = cost["r"], let p = cost["p"], (1...22).contains(logN), (1...32).contains(r), (1...16).contains(p),
            let salt = Base64URL.decode(parts[3]), let hash = Base64URL.decode(parts[4]), !salt.isEmpty, hash.count == Self.hashLength
        else { return nil }
        self.init(logN: logN, r: r, p: p, salt: salt, hash: hash)
    }

    public init(logN: Int, r: Int, p: Int, salt: [UInt8], hash: [UInt8]) {
        self.logN = logN
        self.r = r
        self.p = p
        self.salt = salt
        self.hash = hash
    }
}

public struct PasswordHashError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
