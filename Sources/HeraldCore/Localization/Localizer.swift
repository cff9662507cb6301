/// Looks up the app's localized strings: the format a `loc-key`, `title-loc-key` or
/// `subtitle-loc-key` names, as the app's strings table holds it. The Apple adapter uses
/// `BundleLocalizer` (the app's `Localizable.strings`); `herald simulate` and tests a
/// `DictionaryLocalizer`.
public protocol Localizer {
    /// The format stored under `key` (with `%@`, `%1$@` … for the arguments), or `nil`
    /// when the strings table has no such key.
    func format(forKey key: String) -> String?
}

/// A strings table held in memory: key → format.
public struct DictionaryLocalizer: Localizer, Sendable {
    public var strings: [String: String]

    public init(_ strings: [String: String] = [:]) {
        self.strings = strings
    }

    public func format(forKey key: String) -> String? { strings[key] }
}
