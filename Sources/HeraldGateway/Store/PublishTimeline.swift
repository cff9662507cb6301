/// A publish over time, as the console charts it: how many of its deliveries became sent,
/// failed or invalidated, and how many delivered and opened receipts came, in buckets of
/// equal width from the publish's start.
///
/// There is no history table: a finished delivery's `updated_at` is when it finished (it
/// never changes after), and a receipt has its own time, so the store groups those. A
/// receipt's time is the device's clock: one from before the start counts in the first
/// bucket, one after the end in the last. Once retention prunes the per-device rows, the
/// buckets are empty and `pruned` says so (the totals stay on the publish).
public struct PublishTimeline: Sendable, Hashable {
    public enum Series: String, Sendable, Hashable, CaseIterable {
        case sent, failed, invalidated, delivered, opened

        /// The series of a stored delivery state; `nil` for a delivery not finished (or cancelled).
        static func of(state: Int) -> Series? {
            switch DeliveryState(rawValue: state) {
            case .sent?: .sent
            case .failed?: .failed
            case .invalidated?: .invalidated
            default: nil
            }
        }

        /// The delivery states and receipt kinds the store groups.
        static let finishedStates =
            "\(DeliveryState.sent.rawValue), \(DeliveryState.failed.rawValue), \(DeliveryState.invalidated.rawValue)"
        static let receiptKinds = "'delivered', 'opened'"
    }

    public var publishID: String
    /// Seconds since 1970 where the first bucket begins: the publish's creation, or its
    /// `sendAt` when that is later.
    public var start: Double
    public var bucketSeconds: Double
    /// Each series' count per bucket, every series as long as the others.
    public private(set) var counts: [Series: [Int]]
    public var pruned: Bool

    /// Bucket widths, seconds: the narrowest that fits the span into the buckets asked for.
    static let widths: [Double] = [
        1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400,
    ]

    /// Empty buckets from `start` to `end` (at least one), at most `maxBuckets` of them.
    public init(publishID: String, start: Double, end: Double, maxBuckets: Int, pruned: Bool) {
        let span = max(0, end - start)
        let limit = Double(max(1, maxBuckets))
        let width = Self.widths.first { (span / $0).rounded(.up) <= limit } ?? (span / limit / 86_400).rounded(.up) * 86_400
        let buckets = max(1, Int((span / width).rounded(.up)))
        self.publishID = publishID
        self.start = start
        bucketSeconds = width
        counts = Dictionary(uniqueKeysWithValues: Series.allCases.map { ($0, Array(repeating: 0, count: buckets)) })
        self.pruned = pruned
    }

    public var bucketCount: Int { counts[.sent]?.count ?? 0 }

    /// Adds `count` to `series` in bucket `index`, clamped into the timeline.
    mutating func add(_ series: Series, bucket index: Int, count: Int) {
        let last = bucketCount - 1
        counts[series]?[min(max(index, 0), last)] += count
    }

    /// The store's part: the start and end from what it read, then its grouped rows.
    static func assemble(
        publishID: String, start: Double, lastChange: Double?, now: Double, maxBuckets: Int, pruned: Bool,
        rows: (_ start: Double, _ width: Double) throws -> [(bucket: Int, series: Series, count: Int)]
    ) rethrows -> PublishTimeline {
        let end = min(max(lastChange ?? start, start), max(now, start))
        var timeline = PublishTimeline(publishID: publishID, start: start, end: end, maxBuckets: maxBuckets, pruned: pruned)
        for row in try rows(start, timeline.bucketSeconds) { timeline.add(row.series, bucket: row.bucket, count: row.count) }
        return timeline
    }
}
