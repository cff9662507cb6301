import HeraldStore

extension RoutePause {
    /// The reason of a route paused because the app has no credentials for it.
    public static let noCredentials = "no credentials"

    /// What the app's team does about it, as the log, the API and the console say it.
    public func fix(appID: String) -> String {
        switch (kind, route) {
        case (.retryAfter, .apns): return "nothing: APNs asked to wait (Retry-After); deliveries resume by themselves"
        case (.retryAfter, .fcm): return "nothing: FCM asked to wait (Retry-After); deliveries resume by themselves"
        case (.credentials, .apns(let environment)):
            let command =
                "herald app set-credentials --app \(appID) --environment \(environment.rawValue) --auth-key FILE --key-id K --team-id T"
            return reason == Self.noCredentials
                ? "the app has no APNs \(environment.rawValue) credentials: add them with '\(command)', or register the devices "
                    + "in the environment the app has credentials for"
                : "APNs refused the app's \(environment.rawValue) credentials: replace them with '\(command)'"
        case (.credentials, .fcm):
            let command = "herald app set-credentials --app \(appID) --fcm-service-account FILE"
            return reason == Self.noCredentials
                ? "the app has no FCM credentials: add its service account with '\(command)'"
                : "FCM refused the app's credentials: replace its service account with '\(command)'"
        }
    }
}
