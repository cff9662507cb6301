import Foundation
import HeraldFCM
import HeraldFCMModel

/// The options `send --fcm` and `bench-fcm` share: the service account, the endpoint, the CA.
enum FCMOptions {
    static let fcm = Option.flag("fcm", "send through FCM (Android) instead of APNs")
    static let serviceAccount = Option.text(
        "service-account", "FILE", kind: .path, "FCM: the service-account JSON file (herald fcm-sim writes one it trusts)")
    static let token = Option.text("token", "TOKEN", "FCM: the device's registration token")
    static let endpoint = Option.text("fcm-endpoint", "URL", "FCM: another send endpoint, such as herald fcm-sim's")
    static let ca = Option.text(
        "fcm-ca", "FILE", kind: .path, "FCM: trust this CA file for the send and token endpoints (herald fcm-sim prints it)")

    /// Every option, in the order the help lists them.
    static let all: [OptionDescriptor] = [fcm.descriptor, serviceAccount.descriptor, token.descriptor, endpoint.descriptor, ca.descriptor]

    /// The client configuration the options describe; what is wrong, and how to fix it, otherwise.
    static func configuration(_ arguments: Arguments) throws(UsageError) -> FCMClientConfiguration {
        guard let file = arguments[Self.serviceAccount] else {
            throw UsageError(
                "--service-account FILE is required with --fcm (the JSON key file from the Firebase console, or the one herald fcm-sim wrote)"
            )
        }
        let account: FCMServiceAccount
        do {
            account = try FCMServiceAccount(contentsOfFile: file)
        } catch {
            throw UsageError("--service-account \(file): \(error)")
        }
        var configuration = FCMClientConfiguration(serviceAccount: account)
        if let endpoint = arguments[Self.endpoint] { configuration.endpoint = endpoint }
        if let ca = arguments[Self.ca] {
            guard FileManager.default.isReadableFile(atPath: ca) else {
                throw UsageError("--fcm-ca \(ca): no such file, or it cannot be read; give the ca.pem herald fcm-sim printed")
            }
            configuration.caFile = ca
        }
        return configuration
    }
}
