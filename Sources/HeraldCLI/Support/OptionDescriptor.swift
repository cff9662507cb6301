import Foundation

/// What one command-line option is: its name, the kind of value it takes, its default and
/// its help line. Parsing checks every value against it (with one phrasing for every
/// problem), and the help text is written from it.
struct OptionDescriptor: Sendable {
    /// The value an option takes.
    enum Kind: Sendable {
        /// No value: present or not.
        case flag
        /// Any text.
        case text
        /// A whole number, within the range when there is one.
        case integer(ClosedRange<Int>?)
        /// A finite number within the bounds.
        case number(Bounds)
        /// Seconds, a finite number within the bounds.
        case duration(Bounds)
        /// A URL with one of these schemes and a host.
        case url(schemes: [String])
        /// A file that exists.
        case file
        /// A folder that exists.
        case folder
        /// A path the command makes or checks itself.
        case path
        /// One of these words.
        case choice([String])
    }

    /// The limits of a number: `lower` inclusive unless `lowerExclusive`, `upper` inclusive.
    struct Bounds: Sendable {
        var lower: Double?
        var lowerExclusive = false
        var upper: Double?

        static let any = Bounds()
        /// More than 0.
        static let positive = Bounds(lower: 0, lowerExclusive: true)
        static func within(_ range: ClosedRange<Double>) -> Bounds { Bounds(lower: range.lowerBound, upper: range.upperBound) }

        func contains(_ value: Double) -> Bool {
            guard value.isFinite else { return false }
            if let lower, lowerExclusive ? value <= lower : value < lower { return false }
            if let upper, value > upper { return false }
            return true
        }

        /// " from 1 to 3600", " more than 0", " of at least 1", or nothing.
        var phrase: String {
            switch (lower, upper) {
            case let (lower?, upper?): " from \(Self.text(lower)) to \(Self.text(upper))"
            case let (lower?, nil): lowerExclusive ? " more than \(Self.text(lower))" : " of at least \(Self.text(lower))"
            case let (nil, upper?): " of at most \(Self.text(upper))"
            case (nil, nil): ""
            }
        }

        private static func text(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
    }

    var name: String
    var kind: Kind
    /// The word that stands for the value in the help text, such as `FILE` or `N`.
    var placeholder: String
    var help: String
    /// The value used when the option is not given, as it would be typed.
    var defaultText: String?
    /// May be given more than once; every value is kept.
    var repeatable = false
    /// What a valid value is, for the error message, when the kind's own words do not say
    /// enough (such as "an http or https URL such as http://127.0.0.1:8080").
    var expected: String?

    var takesValue: Bool {
        if case .flag = kind { return false }
        return true
    }

    /// `--name PLACEHOLDER`, as the help text and the error messages show it.
    var synopsis: String { takesValue ? "--\(name) \(placeholder)" : "--\(name)" }

    /// What a valid value is: "a whole number from 1 to 256", "sandbox or production", ...
    var expectation: String {
        if let expected { return expected }
        switch kind {
        case .flag: return "no value"
        case .text, .path: return "a value"
        case .integer(let range):
            return "a whole number"
                + (range.map { Bounds(lower: Double($0.lowerBound), upper: $0.upperBound == .max ? nil : Double($0.upperBound)).phrase }
                    ?? "")
        case .number(let bounds): return "a number" + bounds.phrase
        case .duration(let bounds): return "a number of seconds" + bounds.phrase
        case .url(let schemes): return "a \(Self.list(schemes)) URL with a host"
        case .file: return "an existing file"
        case .folder: return "an existing folder"
        case .choice(let words): return Self.list(words)
        }
    }

    /// The one phrasing of a value that does not fit: which option, what was given, what to give.
    func invalid(_ text: String) -> UsageError {
        UsageError("--\(name): \"\(text)\" is not \(expectation)")
    }

    /// Checks `text` against the kind; the error says what was wrong and what to give.
    func check(_ text: String) throws(UsageError) {
        switch kind {
        case .flag, .text, .path: return
        case .integer(let range):
            guard let value = Int(text), range?.contains(value) ?? true else { throw invalid(text) }
        case .number(let bounds), .duration(let bounds):
            guard let value = Double(text), bounds.contains(value) else { throw invalid(text) }
        case .url(let schemes):
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), schemes.contains(scheme), url.host != nil else {
                throw invalid(text)
            }
        case .file, .folder:
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: text, isDirectory: &isFolder)
            let wanted: Bool
            if case .folder = kind { wanted = true } else { wanted = false }
            guard exists, isFolder.boolValue == wanted else { throw invalid(text) }
        case .choice(let words):
            guard words.contains(text) else { throw invalid(text) }
        }
    }

    /// "a", "a or b", "a, b or c".
    static func list(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }
}

/// A declared option, typed by the value a command reads from it (`Option<Int>`,
/// `Option<String?>`, `Option<Bool>`, ...): `arguments[option]` is that value, the
/// default when the option is not given.
struct Option<Value: Sendable>: Sendable {
    let descriptor: OptionDescriptor
    /// Turns the values given (all of them for a repeatable option; none when not given)
    /// into the command's value. Only values the descriptor accepted reach it.
    let read: @Sendable ([String]) -> Value

    var name: String { descriptor.name }

    /// The problem with a value that passed the kind's check but not the command's own rule.
    func invalid(_ text: String) -> UsageError { descriptor.invalid(text) }
}
