/// The statements of apps and their credentials, written once for both stores and
/// rendered for each database once.
enum AppStatements {
    private static let columns =
        "id, name, bundle_id, server_key_hash, client_key_hash, rate_limit, created_at, user_token_secret, legacy_device_access"
        + ", default_time_zone"
    static let insert = SQLStatement(
        """
        INSERT INTO apps (id, name, bundle_id, server_key_hash, client_key_hash, user_token_secret, legacy_device_access, rate_limit,
        created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
    static let saveCredentials = SQLStatement(
        """
        INSERT INTO app_credentials (app_id, environment, method, key_id, team_id, pem, endpoint, ca_file)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (app_id, environment) DO UPDATE SET method = excluded.method,
        key_id = excluded.key_id, team_id = excluded.team_id, pem = excluded.pem, endpoint = excluded.endpoint,
        ca_file = excluded.ca_file
        """)
    static let saveFCMCredentials = SQLStatement(
        """
        INSERT INTO app_fcm_credentials (app_id, project_id, client_email, service_account, endpoint, ca_file)
        VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (app_id) DO UPDATE SET project_id = excluded.project_id,
        client_email = excluded.client_email, service_account = excluded.service_account, endpoint = excluded.endpoint,
        ca_file = excluded.ca_file
        """)
    /// On PostgreSQL the app's row is share-locked while its credentials change.
    static let appExists = SQLStatement { d in "SELECT 1 FROM apps WHERE id = ?\(d.forShare)" }
    static let updateKeys = SQLStatement(
        """
        UPDATE apps SET server_key_hash = coalesce(?, server_key_hash), client_key_hash = coalesce(?, client_key_hash),
        user_token_secret = coalesce(?, user_token_secret) WHERE id = ?
        """)
    static let setLegacyDeviceAccess = SQLStatement("UPDATE apps SET legacy_device_access = ? WHERE id = ?")
    /// The zone a local-time publish uses for the app's devices without one.
    static let setDefaultTimeZone = SQLStatement("UPDATE apps SET default_time_zone = ? WHERE id = ?")
    /// The app an unknown id reads instead (see `SQLStore.appKeys`).
    static let decoy = SQLStatement("SELECT min(id) FROM apps")
    /// Whether the row read is the app asked for (?1), then the app: that app's row or,
    /// for an unknown id, the decoy's (?2).
    static let appKeys = SQLStatement(
        """
        SELECT a.id = ?1, a.id, a.name, a.bundle_id, a.server_key_hash, a.client_key_hash, a.rate_limit, a.created_at,
        a.user_token_secret, a.legacy_device_access, a.default_time_zone
        FROM apps a WHERE a.id = coalesce((SELECT id FROM apps WHERE id = ?1), ?2)
        """)
    static let appByID = SQLStatement("SELECT \(columns) FROM apps WHERE id = ?")
    static let allApps = SQLStatement { d in "SELECT \(columns) FROM apps ORDER BY created_at, \(d.binaryOrder("id"))" }
    static let credentials = SQLStatement { d in
        """
        SELECT environment, method, key_id, team_id, pem, endpoint, ca_file FROM app_credentials WHERE app_id = ?
        ORDER BY \(d.binaryOrder("environment"))
        """
    }
    static let fcmCredentials = SQLStatement(
        "SELECT project_id, client_email, service_account, endpoint, ca_file FROM app_fcm_credentials WHERE app_id = ?")
}
