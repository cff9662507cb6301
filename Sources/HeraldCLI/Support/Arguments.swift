/// A command line parsed against the options a command declares: `--flag`,
/// `--option value`, `--option=value`, positionals, and `--` to end options. Every value
/// is checked against its option's descriptor while parsing.
struct Arguments {
    /// What a command accepts: its options, or, for a command with actions (`herald app
    /// create`, `herald app list`, ...), each action's own options.
    struct Spec: Sendable {
        /// One sub-action, the first word after the command, and the options it takes.
        struct Action: Sendable {
            var name: String
            var options: [OptionDescriptor]

            init(_ name: String, _ options: [OptionDescriptor]) {
                self.name = name
                self.options = options
            }
        }

        var options: [OptionDescriptor]
        var actions: [Action]

        init(_ options: [OptionDescriptor] = [], actions: [Action] = []) {
            self.options = options
            self.actions = actions
        }

        /// Every option of the command, each once, in the order declared.
        var allOptions: [OptionDescriptor] {
            var seen = Set<String>()
            return (options + actions.flatMap(\.options)).filter { seen.insert($0.name).inserted }
        }
    }

    private(set) var flags: Set<String> = []
    private(set) var options: [String: [String]] = [:]
    private(set) var positionals: [String] = []

    /// Parses `arguments`; `command` names the command in the messages about its actions.
    init(_ arguments: [String], spec: Spec, command: String = "") throws(UsageError) {
        let all = Dictionary(spec.allOptions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var accepted = all
        var action: Spec.Action?
        if let word = Self.firstWord(arguments, options: all), let chosen = spec.actions.first(where: { $0.name == word }) {
            action = chosen
            accepted = Dictionary(chosen.options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        }
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
            guard let option = accepted[name] else {
                if let action, all[name] != nil {
                    let takes = action.options.map { "--\($0.name)" }.joined(separator: ", ")
                    let phrase = [command, action.name].filter { !$0.isEmpty }.joined(separator: " ")
                    throw UsageError("unknown option --\(name) for '\(phrase)' (it takes \(takes.isEmpty ? "no options" : takes))")
                }
                throw UsageError("unknown option --\(name)" + Suggestion.hint(name, among: accepted.keys.sorted(), prefix: "--"))
            }
            guard option.takesValue else {
                guard inlineValue == nil else { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
                continue
            }
            guard let value = inlineValue ?? rest.popFirst() else {
                throw UsageError("--\(name) needs a value: \(option.synopsis)")
            }
            if options[name] != nil && !option.repeatable {
                throw UsageError("--\(name) is given twice; give it once")
            }
            try option.check(value)
            options[name, default: []].append(value)
        }
    }

    /// The first word that is neither an option nor an option's value: the action.
    private static func firstWord(_ arguments: [String], options: [String: OptionDescriptor]) -> String? {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--" { return rest.first }
            guard argument.hasPrefix("-"), argument != "-" else { return argument }
            let name = String(argument.dropFirst(2).prefix { $0 != "=" })
            if !argument.contains("="), options[name]?.takesValue == true { _ = rest.popFirst() }
        }
        return nil
    }

    /// The option's value: what was given, else its default.
    subscript<Value>(option: Option<Value>) -> Value {
        if !option.descriptor.takesValue { return option.read(flags.contains(option.name) ? [""] : []) }
        return option.read(options[option.name] ?? [])
    }

    /// Whether the option was given (a flag, or an option with a value).
    func given<Value>(_ option: Option<Value>) -> Bool {
        flags.contains(option.name) || options[option.name] != nil
    }

    /// The option's value, which the command cannot do without (an empty value is none).
    func required(_ option: Option<String?>) throws(UsageError) -> String {
        guard let value = self[option], !value.isEmpty else {
            throw UsageError("--\(option.name) is required: \(option.descriptor.synopsis)")
        }
        return value
    }
}

/// A command line that does not fit the command; exit status 2.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
