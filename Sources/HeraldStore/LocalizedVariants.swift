import HeraldShared

/// A publish's texts by language (`notification.localized`): which one a device gets.
///
/// Variants are named by BCP 47 tags in the standard case (`DeviceAttributeRules.languageTag`),
/// as device locales are. A device gets, in this order: the variant of its exact locale
/// (`de-AT` for `de-AT`); the variant of its bare language (`pt` for `pt-BR`); the first
/// variant, in byte order of its tag, of the same language (`pt-BR` for `pt` or `pt-AO`);
/// else the publish's default text. A device without a locale gets the default text.
public enum LocalizedVariants {
    /// The most variants a publish has.
    public static let maxCount = 50
    /// The name statistics give the default text (never a language tag: those start with
    /// 2 or 3 letters and a `-` or nothing).
    public static let defaultName = "default"

    /// The tag among `tags` a device with `locale` gets, or nil for the default text.
    public static func bestMatch(locale: String?, among tags: some Sequence<String>) -> String? {
        guard let locale else { return nil }
        let language = DeviceAttributes.language(of: locale)
        func rank(_ tag: String) -> Int { tag == locale ? 0 : tag == language ? 1 : 2 }
        return tags.filter { DeviceAttributes.language(of: $0) == language }.min { (rank($0), $0) < (rank($1), $1) }
    }
}
