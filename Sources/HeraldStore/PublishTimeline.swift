/// A publish over time, as the console charts it: how many of its deliveries became sent,
/// failed, invalidated or capped, and how many delivered and opened receipts were counted, in
/// buckets of equal width from the second the publish started.
///
/// Read from `publish_history`: each time a store adds to one of a publish's counters, it
/// adds the same number to that counter's row for the current second (a receipt: the
/// second the device gave), in the same transaction. So the history always adds up to the
/// counters, a read costs one row per second of activity whatever the audience, and it
/// stays when retention prunes the per-device rows. A receipt's time is the device's
/// clock: one from before the start counts in the first bucket, one after now in the last.
public struct PublishTimeline: Sendable, Hashable {
    /// The counted series; each raw value is also the publish's counter column.
    public enum Series: String, Sendable, Hashable, CaseIterable {
        case sent, failed, invalidated, capped, delivered, opened
    }

    /// One `publish_history` row: `count` added to `series` during second `second`.
    public struct Entry: Sendable, Hashable {
        public var second: Int
        public var series: Series
        public var count: Int
    }

    public var publishID: String
    /// Whole seconds since 1970 where the first bucket begins: the second the publish was
    /// created in, or its `sendAt`'s when that is later.
    public var start: Double
    public var bucketSeconds: Double
    /// Each series' count per bucket, every series as long as the others.
    public private(set) var counts: [Series: [Int]]

    /// Bucket widths, seconds: the narrowest that fits the span into the buckets asked for.
    static let widths: [Double] = [
        1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400,
    ]

    /// Empty buckets from `start` to `end` (at least one), at most `maxBuckets` of them.
    public init(publishID: String, start: Double, end: Double, maxBuckets: Int) {
        let span = max(0, end - start)
        let limit = Double(max(1, maxBuckets))
        let width = Self.widths.first { (span / $0).rounded(.up) <= limit } ?? (span / limit / 86_400).rounded(.up) * 86_400
        let buckets = max(1, Int((span / width).rounded(.up)))
        self.publishID = publishID
        self.start = start
        bucketSeconds = width
        counts = Dictionary(uniqueKeysWithValues: Series.allCases.map { ($0, Array(repeating: 0, count: buckets)) })
    }

    /// The timeline of a publish that started at `startedAt`, from its history: the buckets
    /// run from that second to the end of its last second of activity, or `now` if earlier.
    public init(publishID: String, startedAt: Double, history: [Entry], now: Double, maxBuckets: Int) {
        let start = startedAt.rounded(.down)
        let last = history.map(\.second).max().map { Double($0) + 1 } ?? start
        self.init(publishID: publishID, start: start, end: min(max(last, start), max(now, start)), maxBuckets: maxBuckets)
        // Whole-second starts and widths: a second's entry falls in the bucket its moments do.
        for entry in history {
            add(entry.series, bucket: Int(((Double(entry.second) - start) / bucketSeconds).rounded(.down)), count: entry.count)
        }
    }

    public var bucketCount: Int { counts[.sent]?.count ?? 0 }

    /// Adds `count` to `series` in bucket `index`, clamped into the timeline.
    mutating func add(_ series: Series, bucket index: Int, count: Int) {
        let last = bucketCount - 1
        counts[series]?[min(max(index, 0), last)] += count
    }
}

extension PublishTimeline.Entry {
    /// A stored row; `nil` for a series this version does not know.
    init?(second: Int, storedSeries: String, count: Int) {
        guard let series = PublishTimeline.Series(rawValue: storedSeries) else { return nil }
        self.init(second: second, series: series, count: count)
    }
}
