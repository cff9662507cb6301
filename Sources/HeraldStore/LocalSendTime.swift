import Foundation

/// A publish's `sendAt` given as a local time on a date (`{"localTime": "09:00", "date":
/// "2026-12-24"}`): each device receives it at that time in its own time zone, a device
/// without one in its app's default zone. A time a zone skips that day (a daylight saving
/// gap) is sent at the zone's next valid minute; a time it has twice, at the first.
public struct LocalSendTime: Sendable, Hashable {
    /// `HH:MM`, 00:00 to 23:59.
    public let time: String
    /// `YYYY-MM-DD`, a real date.
    public let date: String
    /// The local time as if it were UTC, in seconds since 1970.
    private let wall: Double

    /// The earliest and latest offsets a zone has: the local time comes first in UTC+14
    /// and last in UTC−12.
    public static let earliestZone = TimeZone(secondsFromGMT: 14 * 3600) ?? .gmt
    public static let latestZone = TimeZone(secondsFromGMT: -12 * 3600) ?? .gmt

    /// Why `time` is not HH:MM (00:00–23:59); `nil` when it is.
    public static func timeProblem(_ time: String) -> String? {
        guard let parts = numbers(time, ":", [2, 2]), parts[0] < 24, parts[1] < 60 else {
            return "\"\(time)\" is not a time HH:MM from 00:00 to 23:59"
        }
        return nil
    }

    /// Why `date` is not a real date YYYY-MM-DD; `nil` when it is.
    public static func dateProblem(_ date: String) -> String? {
        guard let parts = numbers(date, "-", [4, 2, 2]), utcDate(parts) != nil else {
            return "\"\(date)\" is not a date YYYY-MM-DD"
        }
        return nil
    }

    /// The local time, or `nil` when either part is malformed (`timeProblem`, `dateProblem`).
    public init?(time: String, date: String) {
        guard Self.timeProblem(time) == nil, let t = Self.numbers(time, ":", [2, 2]),
            let d = Self.numbers(date, "-", [4, 2, 2]), let day = Self.utcDate(d)
        else { return nil }
        self.time = time
        self.date = date
        wall = day + Double(t[0] * 3600 + t[1] * 60)
    }

    /// Whose zone a device's local time is read in.
    public enum ZoneSource: Sendable, Hashable {
        /// The device's own.
        case device
        /// The app's default: the device has none (or one this system does not know).
        case app
        /// Neither has one this system knows.
        case utc
    }

    /// The zone a device's local time is read in: its own when this system knows it, else
    /// its app's default zone, else UTC (what fan-out gives each delivery, `LocalDueTimes`).
    public static func zone(device: String?, app: String?) -> (zone: TimeZone, source: ZoneSource) {
        if let own = device.flatMap(TimeZone.init(identifier:)) { return (own, .device) }
        if let fallback = app.flatMap(TimeZone.init(identifier:)) { return (fallback, .app) }
        return (.gmt, .utc)
    }

    /// When the local time comes in `zone`, in seconds since 1970.
    public func instant(in zone: TimeZone) -> Double {
        // A wall time missing that day (a gap) is followed, within a day, by its first valid minute.
        var minute = wall
        while minute < wall + 86_400 {
            if let instant = Self.instant(ofWall: minute, in: zone) { return instant }
            minute += 60
        }
        return wall - Double(zone.secondsFromGMT())
    }

    /// The first moment anywhere (UTC+14) and the last (UTC−12).
    public var earliest: Double { instant(in: Self.earliestZone) }
    public var latest: Double { instant(in: Self.latestZone) }

    /// The instant whose local time in `zone` is `wall`, the first of two; `nil` in a gap.
    /// Offsets a day before and after cover both sides of a change of offset.
    private static func instant(ofWall wall: Double, in zone: TimeZone) -> Double? {
        let offsets = Set([-86_400.0, 0, 86_400].map { zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall + $0)) })
        return offsets.map { wall - Double($0) }
            .filter { Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: $0))) + $0 == wall }
            .min()
    }

    /// The numbers of `text` split at `separator`, each of exactly its count of digits.
    private static func numbers(_ text: String, _ separator: Character, _ digits: [Int]) -> [Int]? {
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == digits.count,
            zip(parts, digits).allSatisfy({ part, count in part.count == count && part.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return nil }
        return parts.compactMap { Int($0) }
    }

    /// Midnight UTC of year, month, day in seconds since 1970; `nil` for a date that does not exist.
    private static func utcDate(_ parts: [Int]) -> Double? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let components = DateComponents(year: parts[0], month: parts[1], day: parts[2])
        guard parts[0] >= 1970, let date = calendar.date(from: components),
            case let back = calendar.dateComponents([.year, .month, .day], from: date),
            [back.year, back.month, back.day] == parts.map(Optional.some)
        else { return nil }
        return date.timeIntervalSince1970
    }
}
