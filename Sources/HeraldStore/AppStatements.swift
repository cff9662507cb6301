/// The statements of apps and their credentials, written once for both stores and
/// rendered for each database once.
final class AppStatements: Sendable {
    let insert: String
    let saveCredentials: String
    let saveFCMCredentials: String
    /// On PostgreSQL the app's row is share-locked while its credentials change.
    let appExists: String
    let updateKeys: String
    let setLegacyDeviceAccess: String
    /// The zone a local-time publish uses for the app's devices without one.
    let setDefaultTimeZone: String
    /// The app an unknown id reads instead (see `SQLStore.appKeys`).
    let decoy: String
    /// Whether the row read is the app asked for (?1), then the app: that app's row or,
    /// for an unknown id, the decoy's (?2).
    let appKeys: String
    let appByID: String
    let allApps: String
    let credentials: String
    let fcmCredentials: String

    init(_ d: SQLDialect) {
        let columns = "id, name, bundle_id, server_key_hash, client_key_hash, rate_limit, created_at, user_token_secret, legacy_device_access"
            + ", default_time_zone"
        insert = d.render(
            """
            INSERT INTO apps (id, name, bundle_id, server_key_hash, client_key_hash, user_token_secret, legacy_device_access, rate_limit,
            created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        saveCredentials = d.render(
            """
            INSERT INTO app_credentials (app_id, environment, method, key_id, team_id, pem, endpoint, ca_file)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (app_id, environment) DO UPDATE SET method = excluded.method,
            key_id = excluded.key_id, team_id = excluded.team_id, pem = excluded.pem, endpoint = excluded.endpoint,
            ca_file = excluded.ca_file
            """)
        saveFCMCredentials = d.render(
            """
            INSERT INTO app_fcm_credentials (app_id, project_id, client_email, service_account, endpoint, ca_file)
            VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (app_id) DO UPDATE SET project_id = excluded.project_id,
            client_email = excluded.client_email, service_account = excluded.service_account, endpoint = excluded.endpoint,
            ca_file = excluded.ca_file
            """)
        appExists = d.render("SELECT 1 FROM apps WHERE id = ?\(d.forShare)")
        updateKeys = d.render(
            """
            UPDATE apps SET server_key_hash = coalesce(?, server_key_hash), client_key_hash = coalesce(?, client_key_hash),
            user_token_secret = coalesce(?, user_token_secret) WHERE id = ?
            """)
        setLegacyDeviceAccess = d.render("UPDATE apps SET legacy_device_access = ? WHERE id = ?")
        setDefaultTimeZone = d.render("UPDATE apps SET default_time_zone = ? WHERE id = ?")
        decoy = d.render("SELECT min(id) FROM apps")
        appKeys = d.render(
            """
            SELECT a.id = ?1, a.id, a.name, a.bundle_id, a.server_key_hash, a.client_key_hash, a.rate_limit, a.created_at,
            a.user_token_secret, a.legacy_device_access, a.default_time_zone
            FROM apps a WHERE a.id = coalesce((SELECT id FROM apps WHERE id = ?1), ?2)
            """)
        appByID = d.render("SELECT \(columns) FROM apps WHERE id = ?")
        allApps = d.render("SELECT \(columns) FROM apps ORDER BY created_at, \(d.binaryOrder("id"))")
        credentials = d.render(
            """
            SELECT environment, method, key_id, team_id, pem, endpoint, ca_file FROM app_credentials WHERE app_id = ?
            ORDER BY \(d.binaryOrder("environment"))
            """)
        fcmCredentials = d.render(
            "SELECT project_id, client_email, service_account, endpoint, ca_file FROM app_fcm_credentials WHERE app_id = ?")
    }
}
