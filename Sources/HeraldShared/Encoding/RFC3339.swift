/// Times as RFC 3339 text in UTC with milliseconds (`2026-12-07T16:55:13.250Z`), written
/// without a formatter: event logs write one per event.
public enum RFC3339 {
    /// `seconds` since 1970, to the millisecond (truncated).
    public static func string(_ seconds: Double) -> String {
        let millis = Int((seconds * 1000).rounded(.down))
        let (days, dayMillis) = millis.quotientAndRemainder(dividingBy: 86_400_000)
        let (d, ms) = dayMillis < 0 ? (days - 1, dayMillis + 86_400_000) : (days, dayMillis)
        let (year, month, day) = civil(fromDays: d)
        let s = ms / 1000
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(s / 3600, 2) + ":" + pad(s / 60 % 60, 2) + ":"
            + pad(s % 60, 2) + "." + pad(ms % 1000, 3) + "Z"
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
