import HeraldAuth

/// `herald app`'s options, and which of them each action takes.
extension AppCommand {
    static let appName = Option.text("name", "N", "a name for people")
    static let bundleID = Option.text("bundle-id", "B", "the app's bundle id (the APNs topic)")
    static let authKey = Option.text("auth-key", "FILE", kind: .path, "the .p8 token key from Apple, with --key-id and --team-id")
    static let keyID = Option.text("key-id", "K", "the token key's id (10 letters and digits)")
    static let teamID = Option.text("team-id", "T", "the Apple team id (10 letters and digits)")
    static let certificate = Option.text(
        "certificate", "FILE", kind: .path, "instead of a token key: a PEM with the push certificate and its key")
    static let environment = Option.choice(
        "environment", "E", ["sandbox", "production"], default: "production", "which APNs the credentials are for")
    static let apnsEndpoint = Option.text("apns-endpoint", "URL", "another APNs endpoint (the simulator), with --apns-ca FILE to trust it")
    static let apnsCA = Option.text("apns-ca", "FILE", kind: .path, "the CA file to trust for --apns-endpoint")
    static let fcmServiceAccount = Option.text(
        "fcm-service-account", "FILE", kind: .path, "the FCM service-account JSON file from the Firebase console (its content is stored)")
    static let fcmEndpoint = Option.text("fcm-endpoint", "URL", "another FCM send endpoint (the simulator), with --fcm-ca FILE to trust it")
    static let fcmCA = Option.text("fcm-ca", "FILE", kind: .path, "the CA file to trust for the FCM token and send endpoints")
    static let rateLimit = Option.number("rate-limit", "N", "at most N notifications per second for this app (default no limit)")
    static let app = Option.text("app", "ID", "the app's id (create printed it; list shows it)")
    static let key = Option.choice(
        "key", "K", ["server", "client", "both", "user-token"], default: "both",
        "what rotate-key replaces: server, client, both or user-token")
    static let user = Option.text("user", "U", "the user id a user token is for")
    static let lifetime = Option.duration(
        "lifetime", in: .within(1...UserToken.maxLifetime), default: UserToken.maxLifetime,
        "how long a user token lives, 1 to \(Int(UserToken.maxLifetime))")
    static let on = Option.flag("on", "legacy-access: the client key acts for keyless devices")
    static let off = Option.flag("off", "legacy-access: the client key no longer acts for keyless devices")
    static let zone = Option.text(
        "zone", "ZONE", "time-zone: the IANA zone (Europe/Berlin) local-time publishes use for devices without one; UTC by default")
    static let json = Option.flag("json", "list as one JSON array")

    static let spec: Arguments.Spec = {
        let store = StoreOptions.all
        let credentials =
            [authKey, keyID, teamID, certificate].map(\.descriptor) + [environment.descriptor, apnsEndpoint.descriptor, apnsCA.descriptor]
            + [fcmServiceAccount, fcmEndpoint, fcmCA].map(\.descriptor)
        return Arguments.Spec(actions: [
            .init("create", store + [appName.descriptor, bundleID.descriptor] + credentials + [rateLimit.descriptor]),
            .init("list", store + [json.descriptor]),
            .init("rotate-key", store + [app.descriptor, key.descriptor]),
            .init("user-token", store + [app.descriptor, user.descriptor, lifetime.descriptor]),
            .init("legacy-access", store + [app.descriptor, on.descriptor, off.descriptor]),
            .init("time-zone", store + [app.descriptor, zone.descriptor]),
            .init("set-credentials", store + [app.descriptor] + credentials),
            .init("import-devices", store + [app.descriptor]),
            .init("export-devices", store + [app.descriptor]),
        ])
    }()
}
