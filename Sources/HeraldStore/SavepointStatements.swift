/// The savepoint statements a group commit runs around each body of a batch
/// (`GroupCommit`): the same words in SQLite and PostgreSQL, written once for both.
enum SavepointStatements {
    /// Starts a body's savepoint.
    static let savepoint = "SAVEPOINT group_commit"
    /// Keeps a body's writes in the transaction and ends its savepoint.
    static let release = "RELEASE SAVEPOINT group_commit"
    /// Undoes a body's writes (the transaction goes on); `release` then ends its savepoint.
    static let rollback = "ROLLBACK TO SAVEPOINT group_commit"
}
