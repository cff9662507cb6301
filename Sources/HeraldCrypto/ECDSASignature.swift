import COpenSSL

/// Converts ECDSA signatures between OpenSSL's DER form and JOSE's raw `r || s`.
///
/// ES256 (RFC 7518 §3.4: APNs provider tokens, VAPID) puts the two 32-byte integers side
/// by side; OpenSSL writes and reads an ASN.1 `SEQUENCE { INTEGER r, INTEGER s }`.
package enum ECDSASignature {
    /// The 64-byte `r || s` of a DER signature.
    package static func raw(fromDER der: [UInt8]) throws(OpenSSLError) -> [UInt8] {
        ERR_clear_error()
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &cursor, buffer.count)
        }
        guard let signature = parsed else { throw OpenSSLError.drain("reading a DER ECDSA signature") }
        defer { ECDSA_SIG_free(signature) }
        var r: OpaquePointer?
        var s: OpaquePointer?
        ECDSA_SIG_get0(signature, &r, &s)
        var out = [UInt8](repeating: 0, count: 64)
        let ok = out.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return BN_bn2binpad(r, base, 32) == 32 && BN_bn2binpad(s, base + 32, 32) == 32
        }
        guard ok else { throw OpenSSLError.drain("converting an ECDSA signature to r||s") }
        return out
    }

    /// The DER form of a 64-byte `r || s`; `nil` when it is not 64 bytes.
    package static func der(fromRaw raw: [UInt8]) throws(OpenSSLError) -> [UInt8]? {
        guard raw.count == 64 else { return nil }
        ERR_clear_error()
        guard let signature = ECDSA_SIG_new() else { throw OpenSSLError.drain("allocating an ECDSA signature") }
        defer { ECDSA_SIG_free(signature) }
        let r = raw.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress, 32, nil) }
        let s = raw.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress.map { $0 + 32 }, 32, nil) }
        guard let r, let s else {
            BN_free(r)
            BN_free(s)
            throw OpenSSLError.drain("reading r||s")
        }
        guard ECDSA_SIG_set0(signature, r, s) == 1 else {
            BN_free(r)
            BN_free(s)
            throw OpenSSLError.drain("building an ECDSA signature")
        }
        let length = i2d_ECDSA_SIG(signature, nil)
        guard length > 0 else { throw OpenSSLError.drain("encoding an ECDSA signature") }
        var out = [UInt8](repeating: 0, count: Int(length))
        let written = out.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return i2d_ECDSA_SIG(signature, &cursor)
        }
        guard written == length else { throw OpenSSLError.drain("encoding an ECDSA signature") }
        return out
    }
}
