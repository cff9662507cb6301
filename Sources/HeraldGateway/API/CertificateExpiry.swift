import COpenSSL
import Foundation

/// When the first certificate in a PEM stops being valid (its notAfter), for the console's
/// app page; `nil` when the PEM holds no readable certificate.
enum CertificateExpiry {
    static func notAfter(pem: String) -> Double? {
        let bytes = Array(pem.utf8)
        guard !bytes.isEmpty else { return nil }
        return bytes.withUnsafeBytes { buffer -> Double? in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(bio) }
            guard let certificate = PEM_read_bio_X509(bio, nil, nil, nil) else {
                ERR_clear_error()
                return nil
            }
            defer { X509_free(certificate) }
            var time = tm()
            guard let notAfter = X509_get0_notAfter(certificate), ASN1_TIME_to_tm(notAfter, &time) == 1 else { return nil }
            return Double(timegm(&time))
        }
    }
}
