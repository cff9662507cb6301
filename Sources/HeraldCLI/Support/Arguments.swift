/// A small hand-written argument parser: `--flag`, `--option value`,
/// `--option=value`, positionals, and `--` to end options.
struct Arguments {
    /// What a command accepts.
    struct Spec {
        var flags: Set<String> = []
        var options: Set<String> = []
        /// Options that may be given more than once.
        var repeatable: Set<String> = []
    }

    private(set) var flags: Set<String> = []
    private(set) var options: [String: [String]] = [:]
    private(set) var positionals: [String] = []

    init(_ arguments: [String], spec: Spec) throws(UsageError) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--" {
                positionals += rest
                break
            }
            guard argument.hasPrefix("--"), argument.count > 2 else {
                if argument.hasPrefix("-") && argument != "-" {
                    throw UsageError("unknown option \(argument)")
                }
                positionals.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if spec.flags.contains(name) {
                guard inlineValue == nil else { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
            } else if spec.options.contains(name) || spec.repeatable.contains(name) {
                guard let value = inlineValue ?? rest.popFirst() else { throw UsageError("--\(name) needs a value") }
                if options[name] != nil && !spec.repeatable.contains(name) {
                    throw UsageError("--\(name) is given twice")
                }
                options[name, default: []].append(value)
            } else {
                throw UsageError("unknown option --\(name)")
            }
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    func value(_ option: String) -> String? { options[option]?.last }
    func values(_ option: String) -> [String] { options[option] ?? [] }
}

/// A command line that does not fit the command; exit status 2.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
