import Foundation
import HeraldGateway
import HeraldStore

/// Where `herald serve` and `herald app` find the gateway's data: `--data DIR` (SQLite),
/// `--database URL` (PostgreSQL), else HERALD_DATABASE_URL, else ./herald-data.
enum StoreOptions {
    static let data = Option.text("data", "DIR", kind: .path, "the gateway's SQLite data folder (default ./herald-data)")
    static let database = Option.text(
        "database", "URL",
        "its PostgreSQL database instead (postgres://USER:PASSWORD@HOST:PORT/DB; or HERALD_DATABASE_URL, which keeps the password out of ps)"
    )
    /// Both options, for a command's spec.
    static let all = [data.descriptor, database.descriptor]

    static func location(_ arguments: Arguments, environment: [String: String]) throws -> StoreLocation {
        let data = arguments[Self.data], database = arguments[Self.database]
        guard data == nil || database == nil else {
            throw UsageError("give --data DIR (an SQLite folder) or --database URL (PostgreSQL), not both")
        }
        if let data { return .folder(URL(fileURLWithPath: data)) }
        let fromEnvironment = environment["HERALD_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
        guard let url = database ?? fromEnvironment else { return .defaultFolder }
        // The text may hold a password: the message does not repeat it.
        guard StoreLocation.isDatabaseURL(url) else {
            throw UsageError(
                "\(database == nil ? "HERALD_DATABASE_URL" : "--database"): expected a URL that starts with postgres:// or postgresql://, such as postgres://USER:PASSWORD@HOST:5432/DATABASE"
            )
        }
        return .database(url: url)
    }
}
