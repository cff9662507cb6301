import Foundation

/// The strings table of a bundle (the app's `Localizable.strings` by default), in the
/// user's language: what iOS reads for a push's localization keys.
public struct BundleLocalizer: Localizer {
    public var bundle: Bundle
    /// The table's name; `nil` is `Localizable`.
    public var table: String?

    public init(bundle: Bundle = .main, table: String? = nil) {
        self.bundle = bundle
        self.table = table
    }

    public func format(forKey key: String) -> String? {
        // A missing key comes back as the value given, so an absent key is told apart
        // even from one whose text is the key itself.
        let missing = "\u{0}herald.missing\u{0}"
        let text = bundle.localizedString(forKey: key, value: missing, table: table)
        return text == missing ? nil : text
    }
}
