/// A publish's `options.frequencyCap`: a device receives the publish only if fewer than
/// `max` capped publishes reached it in the `window` seconds before its delivery is claimed.
/// Each capped publish that reached a device (claimed for sending, or sent) is kept in
/// `capped_sends` until it is older than the largest window; a delivery that finally fails
/// gives its place back. The rest are finished as `capped`.
public struct FrequencyCap: Sendable, Hashable {
    /// What the API accepts.
    public static let maxRange = 1...1000
    /// Seconds: one minute to 30 days.
    public static let windowRange = 60...2_592_000

    public var max: Int
    /// Seconds.
    public var window: Int

    public init(max: Int, window: Int) {
        self.max = max
        self.window = window
    }

    /// A cap as stored: both columns or none.
    init?(max: Int?, window: Int?) {
        guard let max, let window else { return nil }
        self.init(max: max, window: window)
    }

    /// Whether a device that `recent` capped publishes reached within the window may receive one more.
    func allows(recent: Int) -> Bool { recent < max }

    /// Where the window of a claim at `now` begins (exclusive).
    func windowStart(now: Double) -> Double { now - Double(window) }

    /// Sends older than this (at `now`) count for no window: they are pruned.
    static func forgetBefore(now: Double) -> Double { now - Double(windowRange.upperBound) }
}
