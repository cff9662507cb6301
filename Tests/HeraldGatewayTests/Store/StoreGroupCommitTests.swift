import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// Device writes made at the same time share transactions (`GroupCommit`): every caller
/// still gets its own outcome, and the quotas stay exact.
@Suite("Store: device writes grouped into one commit")
struct StoreGroupCommitTests {
    static func registration(_ n: Int) -> DeviceRegistration {
        DeviceRegistration(token: StoreFixture.token(n), environment: .production, interests: ["t\(n)"])
    }

    @Test(
        "32 threads registering distinct devices at once: each committed and readable, each caller with its own device",
        arguments: StoreKind.tested)
    func distinctDevices(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let results = Results<(caller: Int, device: RegisteredDevice)>()
        let failures = ThreadBarrier.together(32) { n in
            results.add((n, try fixture.store.registerDevice(appID: fixture.appID, Self.registration(n), quota: DeviceQuota(), now: 1)))
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(results.all.count == 32 && results.all.allSatisfy(\.device.created))
        #expect(Set(results.all.map(\.device.id)).count == 32)
        for (caller, device) in results.all {
            let stored = try fixture.store.device(appID: fixture.appID, id: device.id)
            #expect(stored?.token == StoreFixture.token(caller), "caller \(caller) got \(device.id)")
            #expect(stored?.interests == ["t\(caller)"])
        }
        #expect(try fixture.store.usage(appID: fixture.appID) == (32, 32))
    }

    @Test("in one batch, registrations past the quota are refused alone and the others commit", arguments: StoreKind.tested)
    func quotaInBatch(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.register(2)
        let quota = DeviceQuota(devicesPerApp: 5)
        let transactions = fixture.deviceWrites.transactions
        let gate = Gate(open: false), threads = DispatchGroup()
        GroupCommitTests.start(threads) { try? fixture.holdDeviceWrites(at: gate) }
        try GroupCommitTests.waitUntil("the first device write at the gate") { gate.waitingCount == 1 }
        let outcomes = Results<(caller: Int, outcome: Result<RegisteredDevice, any Error>)>()
        for n in 10..<18 {
            GroupCommitTests.start(threads) {
                outcomes.add(
                    (n, Result { try fixture.store.registerDevice(appID: fixture.appID, Self.registration(n), quota: quota, now: 1) }))
            }
        }
        try GroupCommitTests.waitUntil("eight registrations queued") { fixture.deviceWrites.queued == 8 }
        gate.open()
        threads.wait()
        #expect(fixture.deviceWrites.transactions == transactions + 2, "the gate's transaction, then one for the eight")
        let registered = outcomes.all.compactMap { caller, outcome in (try? outcome.get()).map { (caller, $0) } }
        let errors = outcomes.all.compactMap { _, outcome -> (any Error)? in
            guard case .failure(let error) = outcome else { return nil }
            return error
        }
        #expect(registered.count == 3 && errors.count == 5)
        #expect(errors.allSatisfy { ($0 as? StoreError)?.reason == .quotaExceeded }, "\(errors)")
        for (caller, device) in registered {
            #expect(try fixture.store.device(appID: fixture.appID, id: device.id)?.token == StoreFixture.token(caller))
        }
        #expect(try fixture.scalar("SELECT count(*) FROM devices WHERE app_id = ?", [.text(fixture.appID)]) == 5)
        #expect(try fixture.store.usage(appID: fixture.appID) == (5, 5))
    }

    @Test(
        "in one batch, a body whose statement fails is rolled back alone; on PostgreSQL so is one that caught the error and went on",
        arguments: StoreKind.tested)
    func failingStatement(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let outcomes: [Int: String?]
        switch fixture.store {
        case let sqlite as SQLiteStore: outcomes = try Self.failingStatement(sqlite, fixture)
        case let postgres as PostgresStore: outcomes = try Self.failingStatement(postgres, fixture)
        default: fatalError("unknown store \(type(of: fixture.store))")
        }
        // SQLite's transaction goes on after a statement that failed; PostgreSQL's refuses
        // the rest of it, so the body that went on fails too.
        let wentOn = kind == .sqlite
        #expect(outcomes.mapValues { $0 != nil } == [0: true, 1: false, 2: wentOn, 3: true])
        for case (let caller, let id?) in outcomes {
            #expect(try fixture.store.device(appID: fixture.appID, id: id)?.token == StoreFixture.token(caller))
        }
        #expect(try fixture.store.usage(appID: fixture.appID).devices == (wentOn ? 3 : 2))
    }

    /// Four registrations queued behind a held device write, in one batch: the second runs
    /// a statement that fails, the third one too but catches its error. Each caller's
    /// device id, nil for an error.
    static func failingStatement<S: SQLStore & Sendable>(_ store: S, _ fixture: StoreFixture) throws -> [Int: String?] {
        let gate = Gate(open: false), threads = DispatchGroup()
        GroupCommitTests.start(threads) { _ = try? store.deviceWrite { _ in gate.pass() } }
        try GroupCommitTests.waitUntil("the first device write at the gate") { gate.waitingCount == 1 }
        let outcomes = Results<(caller: Int, id: String?)>()
        for n in 0..<4 {
            GroupCommitTests.start(threads) {
                let id = try? store.deviceWrite { db in
                    let device = try S.register(db, appID: fixture.appID, Self.registration(n), quota: .unlimited, now: 1)
                    if n == 1 { try db.execute("SELECT x FROM no_such_table", []) }
                    if n == 2 { _ = try? db.execute("SELECT x FROM no_such_table", []) }
                    return device.id
                }
                outcomes.add((n, id))
            }
            try GroupCommitTests.waitUntil("registration \(n) queued") { fixture.deviceWrites.queued == n + 1 }
        }
        let transactions = fixture.deviceWrites.transactions
        gate.open()
        threads.wait()
        #expect(fixture.deviceWrites.transactions == transactions + 1, "one transaction for the four")
        return Dictionary(uniqueKeysWithValues: outcomes.all.map { ($0.caller, $0.id) })
    }

    @Test("24 threads racing for the last 4 places of the quota: exactly 4 register", arguments: StoreKind.tested)
    func quotaRace(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.register(6)
        let quota = DeviceQuota(devicesPerApp: 10)
        let registered = Results<Int>()
        let failures = ThreadBarrier.together(24) { n in
            do {
                _ = try fixture.store.registerDevice(appID: fixture.appID, Self.registration(100 + n), quota: quota, now: 1)
                registered.add(n)
            } catch let error as StoreError where error.reason == .quotaExceeded {}
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(registered.all.count == 4)
        #expect(try fixture.scalar("SELECT count(*) FROM devices WHERE app_id = ?", [.text(fixture.appID)]) == 10)
        #expect(try fixture.store.usage(appID: fixture.appID).devices == 10)
    }
}

extension StoreFixture {
    /// The store's group commit of device writes: callers queued, transactions run.
    var deviceWrites: (queued: Int, transactions: Int) {
        switch store {
        case let sqlite as SQLiteStore: (sqlite.deviceWrites.queued, sqlite.deviceWrites.transactionCount)
        case let postgres as PostgresStore: (postgres.deviceWrites.queued, postgres.deviceWrites.transactionCount)
        default: fatalError("StoreFixture.deviceWrites: unknown store \(type(of: store))")
        }
    }

    /// Runs a device write that waits at `gate`: the device writes after it queue meanwhile.
    func holdDeviceWrites(at gate: Gate) throws {
        switch store {
        case let sqlite as SQLiteStore: try sqlite.deviceWrite { _ in gate.pass() }
        case let postgres as PostgresStore: try postgres.deviceWrite { _ in gate.pass() }
        default: fatalError("StoreFixture.holdDeviceWrites: unknown store \(type(of: store))")
        }
    }
}
