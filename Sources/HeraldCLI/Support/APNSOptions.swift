import Foundation
import HeraldAPNs
import HeraldAPNsModel

/// The options `send` and `bench-apns` share: auth, endpoint, CA.
enum APNSOptions {
    static let options: Set<String> = ["auth-key", "key-id", "team-id", "topic", "endpoint", "ca", "cert", "cert-type", "cert-key", "cert-password"]
    static let flags: Set<String> = ["sandbox", "production"]

    static let help = """
          --auth-key FILE       the AuthKey_<KEYID>.p8 token key (token auth)
          --key-id KEYID        its 10-character key id
          --team-id TEAMID      the 10-character team id
          --cert FILE           a client certificate instead (certificate auth): PEM or .p12
          --cert-type TYPE      pem (default) or p12
          --cert-key FILE       the certificate's private key, when not in --cert
          --cert-password PW    the .p12 or key password
          --topic BUNDLE_ID     the app's bundle id (the push type's suffix is added)
          --production          api.push.apple.com (the default)
          --sandbox             api.sandbox.push.apple.com
          --endpoint URL        another APNs endpoint, such as herald apns-sim's
          --ca FILE             trust this CA file (herald apns-sim prints it)
        """

    /// The client configuration the options describe.
    static func configuration(_ arguments: Arguments) throws(UsageError) -> APNSClientConfiguration {
        let destination: APNSEndpoint
        let chosen = [arguments.has("sandbox"), arguments.has("production"), arguments.value("endpoint") != nil].filter { $0 }.count
        guard chosen <= 1 else { throw UsageError("give one of --sandbox, --production and --endpoint") }
        if let endpoint = arguments.value("endpoint") {
            destination = .custom(url: endpoint)
        } else {
            destination = APNSEndpoint(arguments.has("sandbox") ? .sandbox : .production)
        }
        if arguments.value("ca") != nil && arguments.value("endpoint") == nil {
            throw UsageError("--ca goes with --endpoint (Apple's endpoints use the system's CAs)")
        }
        let authentication: APNSAuthentication
        if let certificate = arguments.value("cert") {
            guard arguments.value("auth-key") == nil else { throw UsageError("give --auth-key or --cert, not both") }
            let format: APNSClientCertificate.Format
            switch arguments.value("cert-type")?.lowercased() ?? "pem" {
            case "pem": format = .pem
            case "p12": format = .p12
            case let other: throw UsageError("--cert-type \(other): use pem or p12")
            }
            authentication = .certificate(.init(file: certificate, format: format, keyFile: arguments.value("cert-key"), password: arguments.value("cert-password")))
        } else {
            guard let keyFile = arguments.value("auth-key") else { throw UsageError("give --auth-key AuthKey.p8 with --key-id and --team-id (or --cert for certificate auth)") }
            guard let keyID = arguments.value("key-id"), let teamID = arguments.value("team-id") else {
                throw UsageError("--auth-key needs --key-id and --team-id")
            }
            do {
                authentication = .token(try APNSTokenSigner(key: try APNSSigningKey(contentsOfFile: keyFile), keyID: keyID, teamID: teamID))
            } catch {
                throw UsageError(error.description)
            }
        }
        return APNSClientConfiguration(authentication: authentication, endpoint: destination, caFile: arguments.value("ca"))
    }
}
