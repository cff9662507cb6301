/// The statements of a publish's counters split by platform and by variant
/// (`publish_splits`, migration 21), written once for both stores and rendered for each
/// database once.
///
/// The split counters are kept as deliveries change state, so reading a publish's status
/// costs a few rows whatever its size (counting them from the deliveries took a scan of
/// every delivery of the publish at each read: 70 ms for 100,000 on SQLite, holding the
/// one connection). They outlive the deliveries retention prunes.
enum SplitStatements {
    /// Adds one delivery just made (by publish and device, or by publish and token when it
    /// has no device) as targeted, and to the counter of its state when it is final at once
    /// (a token known dead).
    static let addTargetedDevice = SQLStatement(Self.addTargeted(from: "deliveries WHERE publish_id = ? AND device_seq = ?"))
    static let addTargetedToken = SQLStatement(
        Self.addTargeted(from: "deliveries WHERE publish_id = ? AND token = ? AND device_seq IS NULL"))
    /// A publish's deliveries still waiting, added as failed (before a cancel fails them).
    static let addWaitingAsFailed = SQLStatement(
        Self.add(targeted: "0", finals: ["0", "count(*)", "0", "0"], from: "deliveries WHERE publish_id = ? AND state = 0"))
    private static let sums = "sum(targeted), sum(sent), sum(failed), sum(invalidated), sum(capped) FROM publish_splits"
    /// A publish's counters by platform, and by variant (`LocalizedVariants.defaultName`
    /// for the default text) when the publish has texts by language: name, targeted, sent,
    /// failed, invalidated, capped.
    static let byPlatform = SQLStatement("SELECT platform, \(sums) WHERE publish_id = ? GROUP BY platform")
    static let byVariant = SQLStatement(
        """
        SELECT CASE WHEN variant = '' THEN '\(LocalizedVariants.defaultName)' ELSE variant END, \(sums)
        WHERE publish_id = ?1 AND EXISTS (SELECT 1 FROM publish_variants WHERE publish_id = ?1) GROUP BY variant
        """)

    /// The counter of each final state (sent, failed, invalidated, capped) from a row's state.
    private static let byState = [DeliveryState.sent, .failed, .invalidated, .capped].map {
        "sum(CASE WHEN state = \($0.rawValue) THEN 1 ELSE 0 END)"
    }

    /// Adds the deliveries `condition` selects (unrendered SQL after `WHERE`) that have just
    /// become final to the counters of their states.
    /// `notIndexed`: SQLite reads the rows by rowid only (its planner may otherwise walk a
    /// whole index to save the grouping's sort).
    static func addFinal(notIndexed: Bool = false, where condition: String) -> String {
        add(targeted: "0", finals: byState, from: "deliveries\(notIndexed ? " NOT INDEXED" : "") WHERE " + condition)
    }

    /// Adds the deliveries of `source` (unrendered SQL after `FROM`: `deliveries WHERE …`,
    /// or a set of rows with their columns) as just made: each targeted, and each final
    /// one in the counter of its state.
    static func addTargeted(from source: String) -> String {
        add(targeted: "count(*)", finals: byState, from: source)
    }

    /// The upsert: `targeted` and `finals` are the SQL of what each group of the rows of
    /// `source` adds to the counters there are.
    private static func add(targeted: String, finals: [String], from source: String) -> String {
        """
        INSERT INTO publish_splits (publish_id, platform, variant, targeted, sent, failed, invalidated, capped)
        SELECT publish_id, platform, coalesce(variant, ''), \(targeted), \(finals.joined(separator: ", ")) FROM \(source)
        GROUP BY publish_id, platform, coalesce(variant, '')
        ON CONFLICT (publish_id, platform, variant) DO UPDATE SET targeted = publish_splits.targeted + excluded.targeted,
        sent = publish_splits.sent + excluded.sent, failed = publish_splits.failed + excluded.failed,
        invalidated = publish_splits.invalidated + excluded.invalidated, capped = publish_splits.capped + excluded.capped
        """
    }
}
