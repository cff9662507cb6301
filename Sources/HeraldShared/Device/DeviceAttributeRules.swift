/// The shapes of what a device says about itself, shared by the gateway (which refuses
/// anything else with a clear error) and the device SDK (which sends only what the gateway
/// takes): a BCP 47 language tag, an IANA time zone name, an app version.
public enum DeviceAttributeRules {
    /// `text` as a BCP 47 language tag in the standard case (`zh-Hant-TW`, `de-AT`), or nil:
    /// a language (2 or 3 letters), then an optional script (4 letters), region (2 letters or
    /// 3 digits) and variants (5 to 8 letters or digits, or a digit and 3 more), joined by `-`.
    public static func languageTag(_ text: String) -> String? {
        guard text.utf8.count <= 64 else { return nil }
        var rest = text.split(separator: "-", omittingEmptySubsequences: false)[...]
        guard let language = rest.first, (2...3).contains(language.count), language.allSatisfy(isLetter) else { return nil }
        var subtags = [language.lowercased()]
        rest = rest.dropFirst()
        if let script = rest.first, script.count == 4, script.allSatisfy(isLetter) {
            subtags.append(script.prefix(1).uppercased() + script.dropFirst().lowercased())
            rest = rest.dropFirst()
        }
        if let region = rest.first,
            (region.count == 2 && region.allSatisfy(isLetter)) || (region.count == 3 && region.allSatisfy(isDigit))
        {
            subtags.append(region.uppercased())
            rest = rest.dropFirst()
        }
        while let variant = rest.first, variant.allSatisfy({ isLetter($0) || isDigit($0) }),
            (5...8).contains(variant.count) || (variant.count == 4 && variant.first.map(isDigit) == true)
        {
            subtags.append(variant.lowercased())
            rest = rest.dropFirst()
        }
        return rest.isEmpty ? subtags.joined(separator: "-") : nil
    }

    /// The shape of an IANA time zone name (`Europe/Berlin`, `Etc/GMT+1`, `UTC`): 1 to 64
    /// characters, parts of A-Z a-z 0-9 _ + - joined by `/`, none `.` or `..`. Whether the
    /// zone exists is the time zone database's answer.
    public static func isTimeZoneName(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count)
            && text.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { part in
                !part.isEmpty && part.allSatisfy { isLetter($0) || isDigit($0) || "_+-".contains($0) }
            }
    }

    /// An app version: 1 to 4 numbers of 1 to 9 digits joined by dots (`2.10.1`).
    public static func isAppVersion(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return (1...4).contains(parts.count) && parts.allSatisfy { (1...9).contains($0.count) && $0.allSatisfy(isDigit) }
    }

    /// A tag name: 1 to 64 of A-Z a-z 0-9 _ . -
    public static func isTagName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count) && name.utf8.allSatisfy(tagNameCharacters.contains)
    }

    private static let tagNameCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-".utf8)

    private static func isLetter(_ c: Character) -> Bool { c.isASCII && c.isLetter }
    private static func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
}
