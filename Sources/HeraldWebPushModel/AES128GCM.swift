import COpenSSL
import HeraldCrypto

/// AES-128-GCM with a 12-byte nonce and a 16-byte tag appended to the ciphertext, no
/// associated data: the record cipher of RFC 8188's `aes128gcm`.
enum AES128GCM {
    static let tagLength = 16

    /// `plaintext` sealed: its ciphertext, then the tag.
    static func seal(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8]) throws(OpenSSLError) -> [UInt8] {
        precondition(key.count == 16 && nonce.count == 12)
        ERR_clear_error()
        guard let context = EVP_CIPHER_CTX_new() else { throw OpenSSLError.drain("AES-128-GCM encryption") }
        defer { EVP_CIPHER_CTX_free(context) }
        guard EVP_EncryptInit_ex(context, EVP_aes_128_gcm(), nil, key, nonce) == 1 else {
            throw OpenSSLError.drain("AES-128-GCM encryption")
        }
        var out = [UInt8](repeating: 0, count: plaintext.count + 16)
        var written: Int32 = 0
        var final: Int32 = 0
        let ok = out.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return plaintext.withUnsafeBufferPointer { input in
                EVP_EncryptUpdate(context, base, &written, input.baseAddress, Int32(input.count)) == 1
                    && EVP_EncryptFinal_ex(context, base + Int(written), &final) == 1
            }
        }
        guard ok else { throw OpenSSLError.drain("AES-128-GCM encryption") }
        var tag = [UInt8](repeating: 0, count: tagLength)
        guard EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, Int32(tagLength), &tag) == 1 else {
            throw OpenSSLError.drain("AES-128-GCM encryption")
        }
        return Array(out.prefix(Int(written + final))) + tag
    }

    /// The plaintext of `sealed` (ciphertext then tag); `nil` when the tag does not match.
    static func open(_ sealed: [UInt8], key: [UInt8], nonce: [UInt8]) throws(OpenSSLError) -> [UInt8]? {
        precondition(key.count == 16 && nonce.count == 12)
        guard sealed.count >= tagLength else { return nil }
        ERR_clear_error()
        defer { ERR_clear_error() }
        guard let context = EVP_CIPHER_CTX_new() else { throw OpenSSLError.drain("AES-128-GCM decryption") }
        defer { EVP_CIPHER_CTX_free(context) }
        guard EVP_DecryptInit_ex(context, EVP_aes_128_gcm(), nil, key, nonce) == 1 else {
            throw OpenSSLError.drain("AES-128-GCM decryption")
        }
        let ciphertext = Array(sealed.dropLast(tagLength))
        var tag = Array(sealed.suffix(tagLength))
        var out = [UInt8](repeating: 0, count: ciphertext.count + 16)
        var written: Int32 = 0
        var final: Int32 = 0
        let updated = out.withUnsafeMutableBufferPointer { buffer in
            ciphertext.withUnsafeBufferPointer { EVP_DecryptUpdate(context, buffer.baseAddress, &written, $0.baseAddress, Int32($0.count)) }
        }
        guard updated == 1, EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, Int32(tagLength), &tag) == 1 else {
            throw OpenSSLError.drain("AES-128-GCM decryption")
        }
        let verified = out.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return 0 }
            return EVP_DecryptFinal_ex(context, base + Int(written), &final)
        }
        guard verified == 1 else { return nil }
        return Array(out.prefix(Int(written + final)))
    }
}
