import Foundation
import HeraldFCMModel

extension AppProvisioning {
    /// FCM credentials from a service-account JSON file, checked as a service account (the
    /// field at fault named) before anything is stored; the file's content is kept, not its path.
    public static func fcmCredentials(serviceAccountFile path: String, endpoint: String?, caFile: String?) throws -> FCMCredentials {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError(
                "--fcm-service-account",
                "\(path): no such readable file; give the service-account JSON file from the Firebase console (Project settings, Service accounts)"
            )
        }
        guard let json = String(data: data, encoding: .utf8) else {
            throw ValidationError("--fcm-service-account", "\(path) is not UTF-8 text; give the service-account JSON file as downloaded")
        }
        if let endpoint {
            guard let url = URL(string: endpoint), url.scheme == "https", url.host != nil else {
                throw ValidationError("--fcm-endpoint", "\"\(endpoint)\" is not an https URL such as https://127.0.0.1:2198")
            }
        }
        if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
            throw ValidationError(
                "--fcm-ca", "\(caFile): no such readable file; give the CA certificate (PEM) the token and send endpoints are signed with")
        }
        do {
            return try FCMCredentials(serviceAccountJSON: json, endpoint: endpoint, caFile: caFile, source: path)
        } catch {
            // A field's error names it; a file that is not JSON is named by its path already.
            let place = error.field == path ? path : "\(path): field \(error.field)"
            throw ValidationError("--fcm-service-account", "\(place): \(error.message)")
        }
    }
}
