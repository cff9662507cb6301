import HeraldAPNsModel

extension APNSClientConfiguration {
    /// A configuration for stored `credentials`: a token signer from the `.p8` key's PEM
    /// text, or the certificate and its key from memory (never written to a file); Apple's
    /// host for the credentials' environment unless they name another endpoint (then their
    /// CA file is trusted).
    public init(credentials: APNSCredentials, connections: Int = 1) throws(APNSConfigurationError) {
        let authentication: APNSAuthentication
        switch credentials.method {
        case .token(let keyID, let teamID, let pem):
            do {
                authentication = .token(try APNSTokenSigner(key: try APNSSigningKey(pem: pem), keyID: keyID, teamID: teamID))
            } catch {
                throw APNSConfigurationError("credentials", "\(error)")
            }
        case .certificate(let pem):
            authentication = .certificate(APNSClientCertificate(pem: pem))
        }
        self.init(
            authentication: authentication, endpoint: credentials.endpoint.map { APNSEndpoint.custom(url: $0) } ?? APNSEndpoint(credentials.environment),
            caFile: credentials.caFile, connections: connections)
    }
}
