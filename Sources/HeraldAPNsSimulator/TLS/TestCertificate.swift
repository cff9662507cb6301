import COpenSSL
import Foundation
import HeraldAPNsModel
import HeraldCrypto

/// A self-signed certificate and its P-256 key: the simulator's TLS identity, or a
/// client certificate for certificate-auth tests.
public final class TestCertificate: @unchecked Sendable {
    package let x509: OpaquePointer
    public let key: APNSSigningKey

    private init(owning x509: OpaquePointer, key: APNSSigningKey) {
        self.x509 = x509
        self.key = key
    }

    deinit { X509_free(x509) }

    /// A new certificate for `commonName`, valid from an hour ago for `days` days.
    ///
    /// A server certificate names `names` (subjectAltName text; by default `localhost`,
    /// `127.0.0.1` and `::1`) and may sign (it is its own CA, so clients trust it through
    /// the `ca.pem` that holds it).
    public static func make(
        commonName: String, server: Bool, days: Int = 825, names: String = "DNS:localhost,IP:127.0.0.1,IP:::1"
    ) throws(OpenSSLError) -> TestCertificate {
        let key = try APNSSigningKey.generate()
        ERR_clear_error()
        guard let cert = X509_new() else { throw OpenSSLError.drain("making a certificate") }
        let made = TestCertificate(owning: cert, key: key)
        var serial = [UInt8](repeating: 0, count: 8)
        guard RAND_bytes(&serial, 8) == 1 else { throw OpenSSLError.drain("making a serial number") }
        let serialNumber = serial.reduce(0) { $0 << 8 | Int($1) } & 0x3fff_ffff_ffff_ffff
        let name = X509_get_subject_name(cert)
        let ok = X509_set_version(cert, 2) == 1
            && ASN1_INTEGER_set(X509_get_serialNumber(cert), serialNumber) == 1
            && X509_gmtime_adj(X509_getm_notBefore(cert), -3600) != nil
            && X509_gmtime_adj(X509_getm_notAfter(cert), days * 86400) != nil
            && X509_set_pubkey(cert, key.pointer) == 1
            && X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, commonName, -1, -1, 0) == 1
            && X509_set_issuer_name(cert, name) == 1
            && herald_X509_add_extension(cert, cert, NID_basic_constraints, server ? "critical,CA:TRUE" : "critical,CA:FALSE") == 1
            && herald_X509_add_extension(cert, cert, NID_key_usage, server ? "critical,digitalSignature,keyCertSign" : "critical,digitalSignature") == 1
            && herald_X509_add_extension(cert, cert, NID_ext_key_usage, server ? "serverAuth" : "clientAuth") == 1
            && (!server || herald_X509_add_extension(cert, cert, NID_subject_alt_name, names) == 1)
            && X509_sign(cert, key.pointer, EVP_sha256()) > 0
        guard ok else { throw OpenSSLError.drain("making a certificate for \(commonName)") }
        return made
    }

    /// Reads a PEM certificate and its PEM private key.
    public convenience init(certificatePEM: String, keyPEM: String, source: String) throws(APNSKeyError) {
        let cert: OpaquePointer
        do throws(OpenSSLError) {
            let bio = try MemoryBIO(reading: Array(certificatePEM.utf8), operation: "reading \(source)")
            guard let read = PEM_read_bio_X509(bio.pointer, nil, nil, nil) else { throw OpenSSLError.drain("reading \(source)") }
            cert = read
        } catch {
            throw APNSKeyError(.openSSL(error), source: source, "not a PEM certificate (\(error.message)); delete the folder's files to make new ones")
        }
        let key: APNSSigningKey
        do {
            key = try APNSSigningKey(pem: keyPEM, source: source)
        } catch {
            X509_free(cert)
            throw error
        }
        self.init(owning: cert, key: key)
    }

    /// The DER bytes of a PEM certificate (to trust a client certificate by its bytes).
    public static func der(ofPEM pem: String, source: String) throws(APNSKeyError) -> [UInt8] {
        do throws(OpenSSLError) {
            let bio = try MemoryBIO(reading: Array(pem.utf8), operation: "reading \(source)")
            guard let cert = PEM_read_bio_X509(bio.pointer, nil, nil, nil) else { throw OpenSSLError.drain("reading \(source)") }
            defer { X509_free(cert) }
            return der(of: cert)
        } catch {
            throw APNSKeyError(.openSSL(error), source: source, "not a PEM certificate (\(error.message))")
        }
    }

    /// The certificate as PEM.
    public func certificatePEM() throws(OpenSSLError) -> String {
        let bio = try MemoryBIO(operation: "writing a certificate")
        guard PEM_write_bio_X509(bio.pointer, x509) == 1 else { throw OpenSSLError.drain("writing a certificate") }
        return bio.text
    }

    /// The DER bytes, to compare with a peer's certificate.
    public func der() -> [UInt8] {
        Self.der(of: x509)
    }

    static func der(of x509: OpaquePointer) -> [UInt8] {
        let length = i2d_X509(x509, nil)
        guard length > 0 else { return [] }
        var out = [UInt8](repeating: 0, count: Int(length))
        out.withUnsafeMutableBufferPointer { buffer in
            var cursor = buffer.baseAddress
            _ = i2d_X509(x509, &cursor)
        }
        return out
    }

    /// A PKCS#12 (.p12) bundle of the certificate and key, protected by `password`.
    public func pkcs12(password: String) throws(OpenSSLError) -> [UInt8] {
        ERR_clear_error()
        guard let bundle = PKCS12_create(password, "herald test", key.pointer, x509, nil, 0, 0, 0, 0, 0) else {
            throw OpenSSLError.drain("making a .p12")
        }
        defer { PKCS12_free(bundle) }
        let bio = try MemoryBIO(operation: "writing a .p12")
        guard i2d_PKCS12_bio(bio.pointer, bundle) == 1 else { throw OpenSSLError.drain("writing a .p12") }
        return bio.bytes
    }
}
