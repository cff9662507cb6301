import Foundation
import HeraldShared

/// Decrypts an encrypted payload field. Apps plug in their own scheme; Herald
/// ships AES-GCM where the platform offers it (`AESGCMDecryptor`), and no DES.
public protocol PayloadDecryptor: Sendable {
    /// The clear bytes of `ciphertext`, read from the field named `field`.
    func decrypt(_ ciphertext: Data, field: String) throws -> Data
}

/// A decryptor from a closure, for schemes an app already has.
public struct ClosureDecryptor: PayloadDecryptor {
    private let body: @Sendable (Data, String) throws -> Data

    public init(_ body: @escaping @Sendable (Data, String) throws -> Data) {
        self.body = body
    }

    public func decrypt(_ ciphertext: Data, field: String) throws -> Data {
        try body(ciphertext, field)
    }
}

#if canImport(CryptoKit)
import CryptoKit

/// AES-GCM with a 128-, 192- or 256-bit key; the field holds nonce (12 bytes),
/// cipher text and tag (16 bytes), in that order: CryptoKit's `combined` form.
@available(iOS 13.0, macOS 10.15, *)
public struct AESGCMDecryptor: PayloadDecryptor {
    private let key: SymmetricKey

    public init(key: Data) {
        self.key = SymmetricKey(data: key)
    }

    public func decrypt(_ ciphertext: Data, field: String) throws -> Data {
        try AES.GCM.open(AES.GCM.SealedBox(combined: ciphertext), using: key)
    }
}
#endif
