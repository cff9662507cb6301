import Foundation

/// The receipts waiting to go to the server, on disk, shared by the app and its
/// extensions: durable on return, de-duplicated across processes, bounded and compacted.
public final class ReceiptOutbox: @unchecked Sendable {
    /// How much the outbox keeps before it trims, oldest first, and says so.
    public struct Limits: Sendable {
        /// Compaction starts when the file grows past this many bytes.
        public var maxBytes: Int = 512 * 1024
        /// Unsent receipts older than this are dropped at compaction.
        public var maxAge: Double = 7 * 24 * 3600
        /// How many keys of removed receipts are remembered, to refuse late duplicates.
        public var rememberedKeys: Int = 4000
        public init() {}
    }

    public let log: AppendLog
    public let limits: Limits
    private let now: @Sendable () -> Double
    private let logger: any HeraldLogger
    /// The de-duplication keys of the records, kept up to date incrementally (guarded by the log's lock).
    private var keyIndex = KeyIndex()

    /// Opens the outbox in `directory` (an App Group container on iOS; any folder elsewhere).
    public init(
        directory: URL, limits: Limits = Limits(), now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
        logger: any HeraldLogger = SilentLogger()
    ) throws {
        log = try AppendLog(directory: directory, name: "receipts.log")
        self.limits = limits
        self.now = now
        self.logger = logger
    }

    /// Records `receipts` that are not already there (by `dedupeKey`, whoever wrote them);
    /// returns those added. They are on disk when this returns.
    @discardableResult
    public func record(_ receipts: [Receipt]) throws -> [Receipt] {
        let added: [Receipt] = try log.transaction { records in
            let fresh = receipts.filter { keyIndex.insert($0.dedupeKey, records: records, generation: log.generation) }
            return (fresh.map(\.json), fresh)
        }
        if !added.isEmpty, try shouldCompact() { try compact() }
        return added
    }

    /// The oldest unsent receipts, at most `limit`.
    public func pending(limit: Int = .max) throws -> [Receipt] {
        Array(try snapshot().pending.prefix(limit))
    }

    /// Marks receipts as done: sent, or dropped after a permanent refusal (with the reason).
    public func acknowledge(_ ids: [String], dropped reason: String? = nil) throws {
        guard !ids.isEmpty else { return }
        try log.transaction { _ in
            var record: [String: JSONValue] = ["type": "ack", "ids": .array(ids.map(JSONValue.string)), "at": .double(now())]
            if let reason { record["dropped"] = .string(reason) }
            return ([.object(record)], ())
        }
    }

    /// Everything in the outbox now.
    public func snapshot() throws -> OutboxSnapshot {
        Self.snapshot(of: try log.records(), tornTail: log.lastTornTail, corrupt: log.corruptOffsets)
    }

    /// Rewrites the file without acknowledged receipts, trimming unsent ones past the
    /// limits (oldest first) and recording each trim; returns the trims made now.
    @discardableResult
    public func compact() throws -> [TrimReport] {
        var trims: [TrimReport] = []
        try log.rewrite { records in
            let state = Self.snapshot(of: records, tornTail: nil, corrupt: [])
            let time = now()
            var pending = state.pending
            let fresh = pending.filter { time - $0.at <= limits.maxAge }
            if fresh.count < pending.count { trims.append(TrimReport(count: pending.count - fresh.count, reason: .age, at: time)) }
            pending = fresh
            var budget = limits.maxBytes / 2
            var kept: [Receipt] = []
            for receipt in pending.reversed() {
                budget -= LogScan.encode(receipt.json).count
                if budget < 0 { break }
                kept.insert(receipt, at: 0)
            }
            if kept.count < pending.count { trims.append(TrimReport(count: pending.count - kept.count, reason: .size, at: time)) }
            let keptIDs = Set(kept.map(\.id))
            let removedKeys = state.receipts.filter { !keptIDs.contains($0.id) }.map(\.dedupeKey)
            let remembered = Array((Self.rememberedKeys(in: records) + removedKeys).suffix(limits.rememberedKeys))
            var result: [JSONValue] = []
            if !remembered.isEmpty { result.append(["type": "seen", "keys": .array(remembered.map(JSONValue.string))]) }
            result += (state.trims + trims).suffix(20).map(\.json)
            return result + kept.map(\.json)
        }
        for trim in trims { logger.log(.warning, "herald outbox: \(trim)") }
        return trims
    }

    private func shouldCompact() throws -> Bool {
        let size = (try? FileManager.default.attributesOfItem(atPath: log.url.path)[.size] as? Int) ?? 0
        return size > limits.maxBytes
    }

    static func keys(in records: [JSONValue]) -> Set<String> {
        var keys = Set(rememberedKeys(in: records))
        for record in records { if let receipt = Receipt(json: record) { keys.insert(receipt.dedupeKey) } }
        return keys
    }

    private static func rememberedKeys(in records: [JSONValue]) -> [String] {
        records.filter { $0["type"] == "seen" }.flatMap { $0["keys"]?.arrayValue?.compactMap(\.stringValue) ?? [] }
    }

    static func snapshot(of records: [JSONValue], tornTail: TornTail?, corrupt: [Int]) -> OutboxSnapshot {
        let receipts = records.compactMap(Receipt.init(json:))
        let acked = Set(records.filter { $0["type"] == "ack" }.flatMap { $0["ids"]?.arrayValue?.compactMap(\.stringValue) ?? [] })
        let trims = records.compactMap { record -> TrimReport? in
            guard record["type"] == "trimmed", let count = record["count"]?.intValue,
                let reason = record["reason"]?.stringValue.flatMap(TrimReport.Reason.init(rawValue:))
            else { return nil }
            return TrimReport(count: count, reason: reason, at: record["at"]?.doubleValue ?? 0)
        }
        return OutboxSnapshot(
            receipts: receipts, pending: receipts.filter { !acked.contains($0.id) }, acknowledged: acked, trims: trims,
            tornTail: tornTail, corruptOffsets: corrupt)
    }
}

/// De-duplication keys of an outbox's records, extended as records are appended and
/// rebuilt when the log's generation changes.
struct KeyIndex {
    private var keys: Set<String> = []
    private var counted = 0
    private var generation = -1

    /// Inserts `key` after catching up with `records`; `false` when it was already there.
    mutating func insert(_ key: String, records: [JSONValue], generation: Int) -> Bool {
        if generation != self.generation || records.count < counted {
            keys = ReceiptOutbox.keys(in: records)
            counted = records.count
            self.generation = generation
        } else if records.count > counted {
            keys.formUnion(ReceiptOutbox.keys(in: Array(records[counted...])))
            counted = records.count
        }
        return keys.insert(key).inserted
    }
}
