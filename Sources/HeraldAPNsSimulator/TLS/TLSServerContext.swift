import COpenSSL
import HeraldAPNsModel
import HeraldCrypto

/// An OpenSSL server context: TLS 1.2 or newer, ALPN `h2` only, the simulator's
/// certificate, and a request (not a demand) for a client certificate.
final class TLSServerContext: @unchecked Sendable {
    let pointer: OpaquePointer

    init(certificate: TestCertificate) throws(OpenSSLError) {
        ERR_clear_error()
        guard let context = SSL_CTX_new(TLS_server_method()) else { throw OpenSSLError.drain("making the TLS context") }
        pointer = context
        guard herald_SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION) == 1,
            SSL_CTX_use_certificate(context, certificate.x509) == 1,
            SSL_CTX_use_PrivateKey(context, certificate.key.pointer) == 1,
            SSL_CTX_check_private_key(context) == 1
        else { throw OpenSSLError.drain("setting up the TLS context") }
        herald_SSL_CTX_harden(context)
        herald_SSL_CTX_select_h2(context)
        herald_SSL_CTX_request_client_certificate(context)
    }

    deinit { SSL_CTX_free(pointer) }
}
