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

    /// Where the store is. Only a command that makes the store (`creating`: `serve`, `app
    /// create`) takes a data folder that does not exist: for the others a mistyped folder
    /// is an error, not a new empty store.
    static func location(_ arguments: Arguments, environment: [String: String], creating: Bool) throws -> StoreLocation {
        let data = arguments[Self.data], database = arguments[Self.database]
        guard data == nil || database == nil else {
            throw UsageError("give --data DIR (an SQLite folder) or --database URL (PostgreSQL), not both")
        }
        if let data { return try existing(.folder(URL(fileURLWithPath: data)), given: true, creating: creating) }
        let fromEnvironment = environment["HERALD_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
        guard let url = database ?? fromEnvironment else { return try existing(.defaultFolder, given: false, creating: creating) }
        // The text may hold a password: the message does not repeat it.
        guard StoreLocation.isDatabaseURL(url) else {
            throw UsageError(
                "\(database == nil ? "HERALD_DATABASE_URL" : "--database"): expected a URL that starts with postgres:// or postgresql://, such as postgres://USER:PASSWORD@HOST:5432/DATABASE"
            )
        }
        return .database(url: url)
    }

    /// `location`, when it is a folder that exists or may be made.
    private static func existing(_ location: StoreLocation, given: Bool, creating: Bool) throws -> StoreLocation {
        guard !creating, case .folder(let url) = location else { return location }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw UsageError("--data \(url.path): is a file, not a data folder") }
            return location
        }
        throw UsageError(
            given
                ? "--data \(url.path): no such folder; give the data folder herald serve uses ('herald serve' and 'herald app create' make it)"
                : "./herald-data: no such folder (the default data folder); give --data DIR or --database URL, or make it with 'herald app create'"
        )
    }
}
