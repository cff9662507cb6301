/// How urgent a banner is: a higher priority shows sooner.
///
/// An open set like `ProviderID`: any integer is a priority, and the named levels
/// leave room on both sides (`BannerPriority(750)` sits between normal and high).
/// Priority orders the waiting line only; it never takes a banner off screen.
public struct BannerPriority: RawRepresentable, Sendable, Hashable, Comparable, ExpressibleByIntegerLiteral,
    CustomStringConvertible
{
    public var rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// A priority of `rawValue`.
    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    public init(integerLiteral value: Int) {
        self.rawValue = value
    }

    /// Shows after everything else (0).
    public static let low = BannerPriority(rawValue: 0)
    /// The default (500).
    public static let normal = BannerPriority(rawValue: 500)
    /// Shows before normal and low banners (1000).
    public static let high = BannerPriority(rawValue: 1000)

    public static func < (lhs: BannerPriority, rhs: BannerPriority) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    public var description: String {
        switch self {
        case .low: "low"
        case .normal: "normal"
        case .high: "high"
        default: "priority(\(rawValue))"
        }
    }
}
