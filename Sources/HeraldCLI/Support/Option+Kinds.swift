import Foundation

/// The option declarations commands use: one call gives the name, the kind of value, the
/// default and the help line.
extension Option where Value == Bool {
    static func flag(_ name: String, _ help: String) -> Self {
        Option(descriptor: OptionDescriptor(name: name, kind: .flag, placeholder: "", help: help)) { !$0.isEmpty }
    }
}

extension Option where Value == String? {
    /// Text, or a path (`kind` `.path`, `.file`, `.folder`), or one word of a choice; `nil` when not given.
    static func text(_ name: String, _ placeholder: String, kind: OptionDescriptor.Kind = .text, expected: String? = nil, _ help: String)
        -> Self
    {
        Option(descriptor: OptionDescriptor(name: name, kind: kind, placeholder: placeholder, help: help, expected: expected)) { $0.last }
    }

    static func choice(_ name: String, _ placeholder: String, _ words: [String], _ help: String) -> Self {
        text(name, placeholder, kind: .choice(words), help)
    }
}

extension Option where Value == String {
    /// Text, or one word of a choice, with a default.
    static func text(
        _ name: String, _ placeholder: String, kind: OptionDescriptor.Kind = .text, expected: String? = nil, default fallback: String,
        _ help: String
    ) -> Self {
        Option(
            descriptor: OptionDescriptor(
                name: name, kind: kind, placeholder: placeholder, help: help, defaultText: fallback, expected: expected)
        ) { $0.last ?? fallback }
    }

    static func choice(_ name: String, _ placeholder: String, _ words: [String], default fallback: String, _ help: String) -> Self {
        text(name, placeholder, kind: .choice(words), default: fallback, help)
    }
}

extension Option where Value == [String] {
    /// Given any number of times; every value, in order.
    static func repeatable(_ name: String, _ placeholder: String, kind: OptionDescriptor.Kind = .text, _ help: String) -> Self {
        Option(descriptor: OptionDescriptor(name: name, kind: kind, placeholder: placeholder, help: help, repeatable: true)) { $0 }
    }
}

extension Option where Value == Int? {
    static func integer(_ name: String, _ placeholder: String, in range: ClosedRange<Int>? = nil, expected: String? = nil, _ help: String)
        -> Self
    {
        Option(descriptor: OptionDescriptor(name: name, kind: .integer(range), placeholder: placeholder, help: help, expected: expected)) {
            $0.last.flatMap { Int($0) }
        }
    }
}

extension Option where Value == Int {
    static func integer(_ name: String, _ placeholder: String, in range: ClosedRange<Int>? = nil, default fallback: Int, _ help: String)
        -> Self
    {
        Option(
            descriptor: OptionDescriptor(
                name: name, kind: .integer(range), placeholder: placeholder, help: help, defaultText: "\(fallback)")
        ) { $0.last.flatMap { Int($0) } ?? fallback }
    }
}

extension Option where Value == Double? {
    static func number(_ name: String, _ placeholder: String, in bounds: OptionDescriptor.Bounds = .any, _ help: String) -> Self {
        Option(descriptor: OptionDescriptor(name: name, kind: .number(bounds), placeholder: placeholder, help: help)) {
            $0.last.flatMap { Double($0) }
        }
    }

    static func duration(_ name: String, _ placeholder: String = "SECONDS", in bounds: OptionDescriptor.Bounds, _ help: String) -> Self {
        Option(descriptor: OptionDescriptor(name: name, kind: .duration(bounds), placeholder: placeholder, help: help)) {
            $0.last.flatMap { Double($0) }
        }
    }
}

extension Option where Value == Double {
    static func duration(
        _ name: String, _ placeholder: String = "SECONDS", in bounds: OptionDescriptor.Bounds, default fallback: Double, _ help: String
    ) -> Self {
        let text = fallback == fallback.rounded() ? String(Int(fallback)) : String(fallback)
        return Option(
            descriptor: OptionDescriptor(name: name, kind: .duration(bounds), placeholder: placeholder, help: help, defaultText: text)
        ) { $0.last.flatMap { Double($0) } ?? fallback }
    }
}

extension Option where Value == URL? {
    static func url(_ name: String, _ placeholder: String = "URL", schemes: [String], expected: String? = nil, _ help: String) -> Self {
        Option(
            descriptor: OptionDescriptor(name: name, kind: .url(schemes: schemes), placeholder: placeholder, help: help, expected: expected)
        ) { $0.last.flatMap { URL(string: $0) } }
    }
}
