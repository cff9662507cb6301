import Foundation

/// What `GatewayClient` says about the device by itself, at registration and again when it
/// changes: its locale (BCP 47), time zone (IANA name) and app version. A value the gateway
/// would refuse is left out (`nil`), so it never costs a registration.
public struct GatewayDeviceAttributes: Sendable, Hashable {
    public var locale: String?
    public var timeZone: String?
    public var appVersion: String?

    /// `locale` may be a `Locale` identifier (`de_AT`, `en_US@calendar=gregorian`): it
    /// becomes its BCP 47 tag (`de-AT`); values of another shape are dropped.
    public init(locale: String? = nil, timeZone: String? = nil, appVersion: String? = nil) {
        self.locale = locale.flatMap { identifier in
            DeviceAttributeRules.languageTag(String(identifier.prefix { $0 != "@" }).replacingOccurrences(of: "_", with: "-"))
        }
        self.timeZone = timeZone.flatMap { DeviceAttributeRules.isTimeZoneName($0) ? $0 : nil }
        self.appVersion = appVersion.flatMap { DeviceAttributeRules.isAppVersion($0) ? $0 : nil }
    }

    /// This device's: `Locale.current`, `TimeZone.current` and the bundle's short version
    /// (`CFBundleShortVersionString`).
    public static func current(bundle: Bundle = .main) -> GatewayDeviceAttributes {
        GatewayDeviceAttributes(
            locale: Locale.current.identifier, timeZone: TimeZone.current.identifier,
            appVersion: bundle.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String)
    }

    /// The known values as request fields; with `since`, only those that differ from it (a
    /// value that became unknown is not cleared at the gateway).
    func fields(since sent: GatewayDeviceAttributes? = nil) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        if let locale, locale != sent?.locale { fields["locale"] = .string(locale) }
        if let timeZone, timeZone != sent?.timeZone { fields["timeZone"] = .string(timeZone) }
        if let appVersion, appVersion != sent?.appVersion { fields["appVersion"] = .string(appVersion) }
        return fields
    }

    /// As kept in `GatewayDeviceState`, and back.
    var json: JSONValue { .object(fields()) }

    init(json: JSONValue) {
        self.init(locale: json["locale"]?.stringValue, timeZone: json["timeZone"]?.stringValue, appVersion: json["appVersion"]?.stringValue)
    }
}
