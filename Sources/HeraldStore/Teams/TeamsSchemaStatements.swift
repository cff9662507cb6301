extension SchemaStatements {
    /// Migration 25. `api_keys`: an app's scoped server keys (the SHA-256 of each, never the
    /// key), when each was last used and revoked. `audit_log`: who did what to an app, one
    /// row per change or refusal, written in the transaction of the change. `accounts`: the
    /// people who sign in to the console, by e-mail, with their password's scrypt hash and
    /// TOTP state; `memberships`: each person's role per app; `invites`: the SHA-256 of each
    /// one-time invite; `account_sessions`: each person's console sign-ins (listed, revoked).
    static func teams(_ d: SQLDialect) -> String {
        """
            CREATE TABLE api_keys (
                id TEXT PRIMARY KEY, app_id TEXT NOT NULL, name TEXT NOT NULL, scopes TEXT NOT NULL,
                key_hash TEXT NOT NULL UNIQUE, created_at \(d.real) NOT NULL, created_by TEXT,
                last_used_at \(d.real), revoked_at \(d.real)
            );
            CREATE INDEX api_keys_app ON api_keys(app_id, created_at);
            CREATE TABLE audit_log (
                seq \(d.increasingRowKey), app_id TEXT NOT NULL, at \(d.real) NOT NULL,
                actor_type TEXT NOT NULL, actor_id TEXT NOT NULL, actor_name TEXT,
                action TEXT NOT NULL, target TEXT, address TEXT, outcome TEXT NOT NULL, detail TEXT
            );
            CREATE INDEX audit_log_app ON audit_log(app_id, seq);
            CREATE TABLE accounts (
                id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL,
                totp_secret TEXT, totp_enabled \(d.boolean) NOT NULL DEFAULT \(d.false), totp_last_step \(d.bigInteger),
                created_at \(d.real) NOT NULL, updated_at \(d.real) NOT NULL
            );
            CREATE TABLE memberships (
                app_id TEXT NOT NULL, account_id TEXT NOT NULL, role TEXT NOT NULL, created_at \(d.real) NOT NULL,
                PRIMARY KEY (app_id, account_id)
            );
            CREATE INDEX memberships_account ON memberships(account_id);
            CREATE TABLE invites (
                token_hash TEXT PRIMARY KEY, app_id TEXT NOT NULL, email TEXT NOT NULL, role TEXT NOT NULL,
                created_at \(d.real) NOT NULL, expires_at \(d.real) NOT NULL, used_at \(d.real)
            );
            CREATE INDEX invites_app ON invites(app_id, email);
            CREATE TABLE account_sessions (
                id TEXT PRIMARY KEY, account_id TEXT NOT NULL, created_at \(d.real) NOT NULL, expires_at \(d.real) NOT NULL,
                last_seen_at \(d.real) NOT NULL, address TEXT, user_agent TEXT
            );
            CREATE INDEX account_sessions_account ON account_sessions(account_id, created_at);
            """
    }
}
