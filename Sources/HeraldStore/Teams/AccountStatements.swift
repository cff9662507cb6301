/// The statements of accounts, memberships, invites and sessions, written once for both stores.
enum AccountStatements {
    static let accountColumns = "id, email, password_hash, totp_secret, totp_enabled, totp_last_step, created_at"
    static let accountByEmail = SQLStatement("SELECT \(accountColumns) FROM accounts WHERE email = ?")
    static let insertAccount = SQLStatement(
        "INSERT INTO accounts (\(accountColumns), updated_at) VALUES (?, ?, ?, NULL, ?, NULL, ?, ?)")
    /// Serializes membership changes of an app, so the owner count holds to the commit.
    static let lockApp = PostgresLock("SELECT 1 FROM apps WHERE id = ? FOR NO KEY UPDATE")

    static let inviteColumns = "token_hash, app_id, email, role, created_at, expires_at, used_at"
    static let insertInvite = SQLStatement("INSERT INTO invites (\(inviteColumns)) VALUES (?, ?, ?, ?, ?, ?, NULL)")
    static let invite = SQLStatement("SELECT \(inviteColumns) FROM invites WHERE token_hash = ?")
    static let useInvite = SQLStatement("UPDATE invites SET used_at = ?1 WHERE token_hash = ?2 AND used_at IS NULL AND expires_at > ?1")
    static let pendingInvites = SQLStatement(
        "SELECT \(inviteColumns) FROM invites WHERE app_id = ? AND used_at IS NULL AND expires_at > ? ORDER BY created_at")

    static let role = SQLStatement("SELECT role FROM memberships WHERE app_id = ? AND account_id = ?")
    static let memberships = SQLStatement("SELECT app_id, role FROM memberships WHERE account_id = ? ORDER BY app_id")
    static let members = SQLStatement(
        """
        SELECT a.email, m.role, m.created_at, a.totp_enabled FROM memberships m JOIN accounts a ON a.id = m.account_id
        WHERE m.app_id = ? ORDER BY a.email
        """)
    static let upsertMember = SQLStatement(
        """
        INSERT INTO memberships (app_id, account_id, role, created_at) VALUES (?, ?, ?, ?)
        ON CONFLICT (app_id, account_id) DO UPDATE SET role = excluded.role
        """)
    static let insertMember = SQLStatement { d in
        d.insertOrIgnore("memberships (app_id, account_id, role, created_at) VALUES (?, ?, ?, ?)", conflict: "app_id, account_id")
    }
    static let memberRole = SQLStatement(
        "SELECT m.role, a.id FROM memberships m JOIN accounts a ON a.id = m.account_id WHERE m.app_id = ? AND a.email = ?")
    static let owners = SQLStatement("SELECT count(*) FROM memberships WHERE app_id = ? AND role = 'owner'")
    static let setRole = SQLStatement("UPDATE memberships SET role = ? WHERE app_id = ? AND account_id = ?")
    static let removeMember = SQLStatement("DELETE FROM memberships WHERE app_id = ? AND account_id = ?")

    static let setPendingTOTP = SQLStatement { d in
        "UPDATE accounts SET totp_secret = ?, updated_at = ? WHERE id = ? AND \(d.isFalse("totp_enabled"))"
    }
    static let enableTOTP = SQLStatement { d in
        "UPDATE accounts SET totp_enabled = \(d.true), totp_last_step = ?, updated_at = ? WHERE id = ? AND totp_secret IS NOT NULL"
    }
    static let useStep = SQLStatement(
        "UPDATE accounts SET totp_last_step = ?1 WHERE id = ?2 AND (totp_last_step IS NULL OR totp_last_step < ?1)")
    static let resetTOTP = SQLStatement { d in
        "UPDATE accounts SET totp_enabled = \(d.false), totp_secret = NULL, totp_last_step = NULL, updated_at = ? WHERE id = ?"
    }

    static let sessionColumns = "s.id, s.account_id, s.created_at, s.expires_at, s.last_seen_at, s.address, s.user_agent"
    static let insertSession = SQLStatement(
        "INSERT INTO account_sessions (id, account_id, created_at, expires_at, last_seen_at, address, user_agent) VALUES (?, ?, ?, ?, ?, ?, ?)")
    static let session = SQLStatement(
        """
        SELECT \(sessionColumns), a.id, a.email, a.password_hash, a.totp_secret, a.totp_enabled, a.totp_last_step, a.created_at
        FROM account_sessions s JOIN accounts a ON a.id = s.account_id WHERE s.id = ? AND s.expires_at > ?
        """)
    static let touchSession = SQLStatement("UPDATE account_sessions SET last_seen_at = ? WHERE id = ?")
    static let sessions = SQLStatement(
        "SELECT \(sessionColumns) FROM account_sessions s WHERE s.account_id = ? AND s.expires_at > ? ORDER BY s.created_at DESC")
    static let endSession = SQLStatement("DELETE FROM account_sessions WHERE account_id = ? AND id = ?")
    static let endSessions = SQLStatement("DELETE FROM account_sessions WHERE account_id = ? AND id <> ?")
    static let pruneSessions = SQLStatement(
        "DELETE FROM account_sessions WHERE id IN (SELECT id FROM account_sessions WHERE expires_at < ? LIMIT ?)")
    static let pruneInvites = SQLStatement(
        "DELETE FROM invites WHERE token_hash IN (SELECT token_hash FROM invites WHERE expires_at < ? LIMIT ?)")
}
