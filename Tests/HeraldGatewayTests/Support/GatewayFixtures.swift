import Foundation
import HeraldAuth
import HeraldCore
import HeraldServerTestSupport
import HeraldTestSupport
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// A fresh data folder under the temporary directory, removed by `cleanup()`.
struct TemporaryFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("herald-gw-\(UUID().uuidString)")
    }

    func cleanup() { try? FileManager.default.removeItem(at: url) }
}

/// Which store a test runs against: store and API tests take `StoreKind.tested` as
/// arguments, so each runs on both.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `SQLiteStore` in a temporary folder.
    case sqlite
    /// `PostgresStore` in a database of the test's own, on the shared test server.
    case postgres

    var testDescription: String { rawValue }

    /// The stores this run tests: `HERALD_TEST_STORES` (`sqlite`, `postgres`, or both,
    /// comma-separated), every store when unset. `make test` runs SQLite with the other
    /// suites and PostgreSQL in its own step: waiting on a real server would hold the few
    /// threads the other suites' async tests share.
    static var tested: [StoreKind] {
        guard let names = ProcessInfo.processInfo.environment["HERALD_TEST_STORES"] else { return allCases }
        return allCases.filter { names.split(separator: ",").contains(Substring($0.rawValue)) }
    }
}

/// A store of `kind` with one app (`app_test`), for tests.
final class StoreFixture: @unchecked Sendable {
    let kind: StoreKind
    let store: any GatewayStore
    let appID = "app_test"
    private let folder: TemporaryFolder?
    private let database: PostgresTestDatabase?

    init(_ kind: StoreKind, durability: SQLiteStore.Durability = .normal) throws {
        self.kind = kind
        switch kind {
        case .sqlite:
            let folder = TemporaryFolder()
            (self.folder, database) = (folder, nil)
            store = try SQLiteStore(directory: folder.url, durability: durability)
        case .postgres:
            let database = try PostgresTestDatabase()
            (folder, self.database) = (nil, database)
            store = try PostgresStore(url: database.url, connections: 4)
        }
        try store.createApp(
            AppRecord(
                id: appID, name: "Test", bundleID: "com.example.test", serverKeyHash: SHA256.hex("server"),
                clientKeyHash: SHA256.hex("client"),
                createdAt: 1_000))
    }

    deinit {
        folder?.cleanup()
        database?.drop()
    }

    /// The store's URL (PostgreSQL) or folder (SQLite), for another store on the same data.
    var location: String { database?.url ?? folder?.url.path ?? "" }

    /// Runs SQL that both stores understand (`?` placeholders) and returns the first column
    /// of each row as text (NULL as nil): tests look into the tables without caring which store.
    @discardableResult
    func rows(_ sql: String, _ values: [SQLValue] = []) throws -> [String?] {
        switch store {
        case let sqlite as SQLiteStore:
            return try sqlite.read { db in
                try db.queryOnce(sql, values) { $0.optionalString(0) }
            }
        case let postgres as PostgresStore:
            return try postgres.read { db in
                try db.query(Self.numbered(sql), values).map { row in try row.optionalString(0) }
            }
        default:
            fatalError("StoreFixture.rows: unknown store \(type(of: store))")
        }
    }

    /// Runs a statement (`?` placeholders) on either store.
    func execute(_ sql: String, _ values: [SQLValue] = []) throws { try rows(sql, values) }

    /// The first column of the first row as an integer.
    func scalar(_ sql: String, _ values: [SQLValue] = []) throws -> Int? {
        try rows(sql, values).first?.flatMap { Int($0) }
    }

    /// `?` placeholders as PostgreSQL's `$1`, `$2`, …
    private static func numbered(_ sql: String) -> String {
        var number = 0
        return sql.reduce(into: "") { text, character in
            guard character == "?" else { return text.append(character) }
            number += 1
            text += "$\(number)"
        }
    }

    /// A 32-byte token in hex whose bytes come from `n`.
    static func token(_ n: Int) -> String {
        Hex.encode(SHA256.hash(Array("token-\(n)".utf8)))
    }

    /// Registers `count` devices with `interests`, returning their ids in order.
    @discardableResult
    func register(
        _ count: Int, from start: Int = 0, interests: [String] = ["news"], user: String? = nil, quota: DeviceQuota = .unlimited,
        now: Double = 1_000
    ) throws -> [String] {
        try (start..<(start + count)).map { n in
            try store.registerDevice(
                appID: appID,
                DeviceRegistration(token: Self.token(n), environment: .production, interests: interests, userID: user.map { .some($0) }),
                quota: quota, now: now
            ).id
        }
    }

    func publish(
        _ target: PublishTarget, sendAt: Double? = nil, key: String? = nil, cap: FrequencyCap? = nil, now: Double = 1_000
    ) throws -> String {
        try store.createPublish(
            NewPublish(
                appID: appID, target: target, payload: ["aps": ["alert": "hi"]], options: PublishOptions(sendAt: sendAt, frequencyCap: cap),
                idempotencyKey: key,
                createdAt: now)
        ).id
    }

    /// Claims every due delivery and records `outcome` for each (APNs' answer), returning the jobs.
    @discardableResult
    func deliverAll(_ outcome: DeliveryResult.Outcome = .sent(apnsID: nil), now: Double = 1_000) throws -> [DeliveryJob] {
        let jobs = try store.claimDeliveries(appID: appID, now: now, limit: 100_000)
        try store.completeDeliveries(jobs.map { DeliveryResult(seq: $0.seq, outcome: outcome) }, now: now)
        return jobs
    }

    /// Fans out everything pending, in steps of `batch`.
    func fanOutAll(batch: Int = 1000, now: Double = 1_000) throws {
        while try store.fanOutStep(limit: batch, now: now) != nil {}
    }
}
