import Foundation

/// Where the gateway keeps its data: a folder with an SQLite database (`--data DIR`), or
/// a PostgreSQL database that several processes may share (`--database URL`).
public enum StoreLocation: Sendable, Equatable, CustomStringConvertible {
    case folder(URL)
    /// A `postgres://` or `postgresql://` URL.
    case database(url: String)

    /// The folder `herald serve` and `herald app` use when given neither.
    public static let defaultFolder = StoreLocation.folder(URL(fileURLWithPath: "herald-data"))

    /// Whether `text` is a URL `--database` takes.
    public static func isDatabaseURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Opens the store there (creating the folder, migrating either). `durability` is the
    /// SQLite folder's, and on PostgreSQL `.full` makes device writes wait for the disk too; `connections` the most a PostgreSQL store opens at once; `instance`
    /// the process the store claims deliveries for; `timeout` each call's deadline, in seconds.
    public func open(
        durability: SQLiteStore.Durability = .publishes, connections: Int = 8, timeout: Double = StoreDeadline.defaultTimeout,
        instance: GatewayInstance = .current()
    ) throws -> any GatewayStore {
        switch self {
        case .folder(let url): try SQLiteStore(directory: url, durability: durability, timeout: timeout, instance: instance)
        case .database(let url):
            try PostgresStore(
                url: url, connections: connections, timeout: timeout, instance: instance, deviceWritesWaitForDisk: durability == .full)
        }
    }

    /// The folder's path, or the URL with its password as `***`: what output may show.
    public var description: String {
        switch self {
        case .folder(let url): url.path
        case .database(let url): PostgresURL(url).redacted
        }
    }

    /// "data DIR" or "database URL" (redacted), for a status line.
    public var label: String {
        switch self {
        case .folder: "data \(description)"
        case .database: "database \(description)"
        }
    }
}
