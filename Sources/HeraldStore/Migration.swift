/// One numbered change to the store's tables (`SchemaStatements.migrations`): its version,
/// what it is for, and its statements, written once and rendered for either database
/// through its `SQLDialect`. A migration is never edited once released: changes are new
/// migrations.
struct Migration: Sendable {
    let version: Int
    let name: String
    let statements: @Sendable (SQLDialect) -> String

    init(_ version: Int, _ name: String, _ statements: @escaping @Sendable (SQLDialect) -> String) {
        self.version = version
        self.name = name
        self.statements = statements
    }
}
