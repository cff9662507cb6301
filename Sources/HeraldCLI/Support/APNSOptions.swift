import Foundation
import HeraldAPNs
import HeraldAPNsModel

/// The options `send` and `bench-apns` share: auth, endpoint, CA.
enum APNSOptions {
    static let authKey = Option.text("auth-key", "FILE", kind: .path, "the AuthKey_<KEYID>.p8 token key (token auth)")
    static let keyID = Option.text("key-id", "KEYID", "its 10-character key id")
    static let teamID = Option.text("team-id", "TEAMID", "the 10-character team id")
    static let cert = Option.text("cert", "FILE", kind: .path, "a client certificate instead (certificate auth): PEM or .p12")
    static let certType = Option.text("cert-type", "TYPE", expected: "pem or p12", "pem (default) or p12")
    static let certKey = Option.text("cert-key", "FILE", kind: .path, "the certificate's private key, when not in --cert")
    static let certPassword = Option.text("cert-password", "PW", "the .p12 or key password")
    static let topic = Option.text("topic", "BUNDLE_ID", "the app's bundle id (the push type's suffix is added)")
    static let production = Option.flag("production", "api.push.apple.com (the default)")
    static let sandbox = Option.flag("sandbox", "api.sandbox.push.apple.com")
    static let endpoint = Option.text("endpoint", "URL", "another APNs endpoint, such as herald apns-sim's")
    static let ca = Option.text("ca", "FILE", kind: .path, "trust this CA file (herald apns-sim prints it)")

    /// Every option, in the order the help lists them.
    static let all: [OptionDescriptor] = [
        authKey.descriptor, keyID.descriptor, teamID.descriptor, cert.descriptor, certType.descriptor, certKey.descriptor,
        certPassword.descriptor, topic.descriptor, production.descriptor, sandbox.descriptor, endpoint.descriptor, ca.descriptor,
    ]

    /// The client configuration the options describe.
    static func configuration(_ arguments: Arguments) throws(UsageError) -> APNSClientConfiguration {
        let destination: APNSEndpoint
        let chosen = [arguments[Self.sandbox], arguments[Self.production], arguments[Self.endpoint] != nil].filter { $0 }.count
        guard chosen <= 1 else { throw UsageError("give one of --sandbox, --production and --endpoint") }
        if let endpoint = arguments[Self.endpoint] {
            destination = .custom(url: endpoint)
        } else {
            destination = APNSEndpoint(arguments[Self.sandbox] ? .sandbox : .production)
        }
        if arguments[Self.ca] != nil && arguments[Self.endpoint] == nil {
            throw UsageError("--ca goes with --endpoint (Apple's endpoints use the system's CAs)")
        }
        let authentication: APNSAuthentication
        if let certificate = arguments[Self.cert] {
            guard arguments[Self.authKey] == nil else { throw UsageError("give --auth-key or --cert, not both") }
            let format: APNSClientCertificate.Format
            switch arguments[Self.certType]?.lowercased() ?? "pem" {
            case "pem": format = .pem
            case "p12": format = .p12
            case let other: throw Self.certType.invalid(other)
            }
            authentication = .certificate(.init(file: certificate, format: format, keyFile: arguments[Self.certKey], password: arguments[Self.certPassword]))
        } else {
            guard let keyFile = arguments[Self.authKey] else { throw UsageError("give --auth-key AuthKey.p8 with --key-id and --team-id (or --cert for certificate auth)") }
            guard let keyID = arguments[Self.keyID], let teamID = arguments[Self.teamID] else {
                throw UsageError("--auth-key needs --key-id and --team-id")
            }
            do {
                authentication = .token(try APNSTokenSigner(key: try APNSSigningKey(contentsOfFile: keyFile), keyID: keyID, teamID: teamID))
            } catch {
                throw UsageError(error.description)
            }
        }
        return APNSClientConfiguration(authentication: authentication, endpoint: destination, caFile: arguments[Self.ca])
    }
}
