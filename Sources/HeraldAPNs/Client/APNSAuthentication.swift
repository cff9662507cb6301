import HeraldAPNsModel
import HeraldH2Client

/// How the client proves who it is to APNs.
public enum APNSAuthentication: Sendable {
    /// Token auth: an ES256 JWT from a `.p8` key, sent as `authorization: bearer`.
    case token(APNSTokenSigner)
    /// Certificate auth: a TLS client certificate (PEM, or PKCS#12 `.p12`) for one app.
    case certificate(APNSClientCertificate)
}

/// A TLS client certificate for certificate auth: from files, or from memory (the
/// transport's `TLSClientCertificate`).
public typealias APNSClientCertificate = TLSClientCertificate
