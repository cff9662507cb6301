import HeraldShared

/// What a device says about itself, already validated by the API: its locale (BCP 47,
/// normalised case), time zone (IANA name), app version (1 to 4 dot-separated numbers) and
/// tags (string, number or Boolean values by name). In a change, a field left `nil` keeps
/// what the device has, `.some(nil)` clears it; `tags` replaces all the device's tags
/// (`[:]` clears them).
public struct DeviceAttributes: Sendable, Hashable {
    public var locale: String??
    public var timeZone: String??
    public var appVersion: String??
    public var tags: [String: JSONValue]?

    public init(locale: String?? = nil, timeZone: String?? = nil, appVersion: String?? = nil, tags: [String: JSONValue]? = nil) {
        self.locale = locale
        self.timeZone = timeZone
        self.appVersion = appVersion
        self.tags = tags
    }

    /// Changes nothing.
    public var isEmpty: Bool { locale == nil && timeZone == nil && appVersion == nil && tags == nil }

    /// The locale's language, the primary subtag in lower case (`de` for `de-AT`): the
    /// column a language filter reads.
    public static func language(of locale: String) -> String {
        String(locale.prefix { $0 != "-" }).lowercased()
    }

    /// The app version as text that sorts as versions do: four parts (missing ones are 0),
    /// each zero-padded to 9 digits, so `1.10` sorts after `1.9` and `1.2` equals `1.2.0`.
    public static func versionKey(of version: String) -> String {
        var parts = version.split(separator: ".").map { String(repeating: "0", count: max(0, 9 - $0.count)) + $0 }
        while parts.count < 4 { parts.append(String(repeating: "0", count: 9)) }
        return parts.joined(separator: ".")
    }
}
