/// Fills a localized format with a push's `*-loc-args`, as iOS does: each `%@` takes the
/// next argument in turn, `%1$@`, `%2$@` … take the argument at that position (from 1),
/// and `%%` is a percent sign. A specifier whose argument the push does not carry, and
/// any other `%` sequence, is left as written, so the gap shows.
public enum LocalizedFormat {
    public static func fill(_ format: String, with arguments: [String]) -> String {
        var output = ""
        var next = 0
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            output += rest[..<percent]
            rest = rest[percent...]
            guard let (length, index) = specifier(at: rest) else {
                output.append("%")
                rest = rest.dropFirst()
                continue
            }
            let written = rest.prefix(length)
            rest = rest.dropFirst(length)
            switch index {
            case .percent:
                output.append("%")
            case .next:
                output += next < arguments.count ? arguments[next] : String(written)
                next += 1
            case .position(let position):
                output += position <= arguments.count ? arguments[position - 1] : String(written)
            }
        }
        return output + rest
    }

    private enum Index {
        case percent, next, position(Int)
    }

    /// The specifier at the start of `text` (which begins with `%`): its length and which argument it takes.
    private static func specifier(at text: Substring) -> (Int, Index)? {
        let after = text.dropFirst()
        if after.first == "%" { return (2, .percent) }
        if after.first == "@" { return (2, .next) }
        let digits = after.prefix { $0.isASCII && $0.isNumber }
        let tail = after.dropFirst(digits.count)
        guard !digits.isEmpty, tail.hasPrefix("$@"), let position = Int(digits), position > 0 else { return nil }
        return (1 + digits.count + 2, .position(position))
    }
}
