import COpenSSL
import Foundation
import HeraldShared
import HeraldCrypto

/// The OpenSSL client context of one pool: TLS 1.2 or newer, the system's CAs or
/// `caFile`, peer verification, ALPN `h2`, and the client certificate for certificate auth.
///
/// Made once per client; every connection's `SSL` comes from it (and shares its
/// session cache, so reconnections can resume TLS sessions).
package final class TLSClientContext: @unchecked Sendable {
    let pointer: OpaquePointer

    package init(caFile: String?, certificate: TLSClientCertificate?) throws(TransportError) {
        ERR_clear_error()
        guard let context = SSL_CTX_new(TLS_client_method()) else { throw Self.failure("making the TLS context") }
        pointer = context
        guard herald_SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION) == 1 else {
            throw Self.failure("setting TLS 1.2 as the minimum")
        }
        herald_SSL_CTX_harden(context)
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        if let caFile {
            guard SSL_CTX_load_verify_locations(context, caFile, nil) == 1 else { throw Self.failure("loading the CA file \(caFile)") }
        } else {
            guard SSL_CTX_set_default_verify_paths(context) == 1 else { throw Self.failure("loading the system's CA certificates") }
        }
        let alpn: [UInt8] = [2, UInt8(ascii: "h"), UInt8(ascii: "2")]
        guard SSL_CTX_set_alpn_protos(context, alpn, UInt32(alpn.count)) == 0 else { throw Self.failure("offering ALPN h2") }
        if let certificate { try use(certificate) }
    }

    deinit { SSL_CTX_free(pointer) }

    /// Loads the client certificate and its key (PEM or PKCS#12, from a file or from memory).
    /// Error messages come from OpenSSL's queue and name the source, never the bytes or the password.
    private func use(_ certificate: TLSClientCertificate) throws(TransportError) {
        let what = certificate.file ?? "the client certificate in memory"
        let bytes = try Self.read(certificate.certificate, what: what)
        let keyBytes =
            try certificate.key.map { source throws(TransportError) in try Self.read(source, what: "the certificate key") } ?? bytes
        var x509: OpaquePointer?
        var key: OpaquePointer?
        defer {
            X509_free(x509)
            EVP_PKEY_free(key)
        }
        ERR_clear_error()
        do throws(OpenSSLError) {
            if certificate.format == .p12 {
                let bio = try MemoryBIO(reading: bytes, operation: "reading \(what)")
                guard let bundle = d2i_PKCS12_bio(bio.pointer, nil) else { throw OpenSSLError.drain("reading \(what) as PKCS#12") }
                defer { PKCS12_free(bundle) }
                guard PKCS12_parse(bundle, certificate.password ?? "", &key, &x509, nil) == 1 else {
                    throw OpenSSLError.drain("opening \(what) (PKCS#12; check the password)")
                }
            } else {
                let bio = try MemoryBIO(reading: bytes, operation: "reading \(what)")
                x509 = PEM_read_bio_X509(bio.pointer, nil, nil, nil)
                guard x509 != nil else { throw OpenSSLError.drain("reading the PEM certificate of \(what)") }
                let keyBIO = try MemoryBIO(reading: keyBytes, operation: "reading the certificate key")
                key = Self.readKey(keyBIO, password: certificate.password)
                guard key != nil else {
                    throw OpenSSLError.drain("reading the PEM private key of \(what) (is it in the PEM, or given as the key?)")
                }
            }
            guard SSL_CTX_use_certificate(pointer, x509) == 1, SSL_CTX_use_PrivateKey(pointer, key) == 1,
                SSL_CTX_check_private_key(pointer) == 1
            else {
                throw OpenSSLError.drain("using \(what) (does the key belong to the certificate?)")
            }
        } catch {
            throw TransportError(.tls, error.description, code: Int(error.code))
        }
    }

    private static func readKey(_ bio: MemoryBIO, password: String?) -> OpaquePointer? {
        guard let password else { return PEM_read_bio_PrivateKey(bio.pointer, nil, nil, nil) }
        // With no callback, OpenSSL takes the last argument as the passphrase itself.
        return password.withCString { PEM_read_bio_PrivateKey(bio.pointer, nil, nil, UnsafeMutableRawPointer(mutating: $0)) }
    }

    private static func read(_ source: TLSClientCertificate.Source, what: String) throws(TransportError) -> [UInt8] {
        switch source {
        case .memory(let bytes): return bytes
        case .file(let path):
            guard let data = FileManager.default.contents(atPath: path) else {
                throw TransportError(.tls, "\(path): no such file, or it cannot be read (\(what))")
            }
            return [UInt8](data)
        }
    }

    private static func failure(_ operation: String) -> TransportError {
        let error = OpenSSLError.drain(operation)
        return TransportError(.tls, error.description, code: Int(error.code))
    }
}
