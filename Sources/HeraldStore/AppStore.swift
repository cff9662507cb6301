import HeraldAPNsModel
import HeraldFCMModel

/// Apps, their keys, APNs and FCM credentials, and the console's signed-out sessions.
public protocol AppStore: AnyObject, Sendable {
    func createApp(_ app: AppRecord) throws
    /// The app, with its APNs and FCM credentials when `includingCredentials` (else `credentials`
    /// is empty: authorizing a request reads the keys only, in the same one query whether
    /// the app exists or not, so the time of a 401 does not tell a known app id).
    func app(id: String, includingCredentials: Bool) throws -> AppRecord?
    func apps() throws -> [AppRecord]
    /// Replaces the hash of the server key, the client key, and the user-token secret (each
    /// when given); `false` when no such app.
    func updateKeys(appID: String, server: String?, client: String?, userTokenSecret: String?) throws -> Bool
    /// Turns the grace period for keyless devices on or off; `false` when no such app.
    func setLegacyDeviceAccess(appID: String, _ enabled: Bool) throws -> Bool
    /// The zone (IANA, checked by the caller) a local-time publish uses for the app's devices
    /// without one; `nil` for UTC. Whether the app exists.
    func setDefaultTimeZone(appID: String, _ zone: String?) throws -> Bool
    /// Adds or replaces the credentials for one environment; `false` when no such app.
    func setCredentials(appID: String, _ credentials: APNSCredentials) throws -> Bool
    /// Adds or replaces the app's FCM credentials; `false` when no such app.
    func setFCMCredentials(appID: String, _ credentials: FCMCredentials) throws -> Bool
    /// Records that console session `id` was signed out, until `expiresAt` (when its cookie
    /// ends anyway); records past their expiry are dropped meanwhile.
    func endConsoleSession(appID: String, id: String, expiresAt: Double, now: Double) throws
    /// Whether console session `id` was signed out.
    func consoleSessionEnded(id: String) throws -> Bool
}

extension AppStore {
    /// The app with its APNs and FCM credentials.
    public func app(id: String) throws -> AppRecord? { try app(id: id, includingCredentials: true) }
}
