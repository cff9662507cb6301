import Foundation

/// When a local-time publish (`LocalSendTime`) is due for each device: the instant of the
/// local time in each time zone the app's devices have, and in the app's default zone for
/// a device without one (or with one this system does not know). Computed at each step of
/// fan-out, so a zone that appears while the publish fans out gets its own instant.
struct LocalDueTimes {
    var byZone: [String: Double]
    /// The instant in the app's default zone.
    var fallback: Double

    init(_ localTime: LocalSendTime, zones: [String], defaultZone: String?) {
        fallback = localTime.instant(in: LocalSendTime.zone(device: nil, app: defaultZone).zone)
        var byZone: [String: Double] = [:]
        for zone in zones {
            if let timeZone = TimeZone(identifier: zone) { byZone[zone] = localTime.instant(in: timeZone) }
        }
        self.byZone = byZone
    }

    /// The instant for a device in `zone`.
    func at(zone: String?) -> Double { zone.flatMap { byZone[$0] } ?? fallback }

    /// The instant for device `d` as one SQL expression, its values bound in `b`:
    /// `CASE d.time_zone WHEN … THEN … ELSE <default zone's> END`.
    func sql(_ b: inout SQLBindings) -> String {
        let real = b.dialect.real
        var cases = ""
        for (zone, instant) in byZone.sorted(by: { $0.key < $1.key }) {
            cases += " WHEN \(b.bind(.text(zone))) THEN CAST(\(b.bind(.double(instant))) AS \(real))"
        }
        let otherwise = "CAST(\(b.bind(.double(fallback))) AS \(real))"
        return cases.isEmpty ? otherwise : "CASE d.time_zone\(cases) ELSE \(otherwise) END"
    }
}
