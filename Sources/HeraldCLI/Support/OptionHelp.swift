import Foundation

/// The "Options:" lines of a command's help, written from its option descriptors: the
/// synopsis, then the help line wrapped beside it, and the default when the help does
/// not already say it.
enum OptionHelp {
    /// The widest synopsis kept beside its help; a longer one gets a line of its own.
    static let column = 24
    /// The width the help is wrapped to.
    static let width = 96

    static func lines(_ options: [OptionDescriptor], help: Bool = true) -> String {
        var all = options
        if help { all.append(OptionDescriptor(name: "help", kind: .flag, placeholder: "", help: "show this help")) }
        let fitting = all.map { $0.synopsis.count }.filter { $0 + 2 <= column }
        let indent = 2 + (fitting.max() ?? column - 2) + 2
        var lines: [String] = []
        for option in all {
            var text = option.help
            if case .choice(let words) = option.kind, let first = words.first, !text.contains(first) {
                text += ": " + OptionDescriptor.list(words)
            }
            if let fallback = option.defaultText, !text.contains("default") { text += " (default \(fallback))" }
            let words = wrap(text, width: width - indent)
            let left = "  " + option.synopsis
            if left.count + 2 <= indent {
                lines.append(left.padding(toLength: indent, withPad: " ", startingAt: 0) + (words.first ?? ""))
                lines += words.dropFirst().map { String(repeating: " ", count: indent) + $0 }
            } else {
                lines.append(left)
                lines += words.map { String(repeating: " ", count: indent) + $0 }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A command with actions: its options grouped by the actions that take them, each
    /// group under a line naming them ("every action:", "create, set-credentials:"), in the
    /// order the options are declared; `--help` last.
    static func byAction(_ spec: Arguments.Spec) -> String {
        let all = spec.allOptions
        var groups: [(actions: [String], options: [OptionDescriptor])] = []
        for option in all {
            let actions = spec.actions.filter { $0.options.contains { $0.name == option.name } }.map(\.name)
            if let index = groups.firstIndex(where: { $0.actions == actions }) {
                groups[index].options.append(option)
            } else {
                groups.append((actions, [option]))
            }
        }
        let every = spec.actions.count
        var blocks = groups.map { group in
            let missing = spec.actions.map(\.name).filter { !group.actions.contains($0) }
            let heading =
                missing.isEmpty
                ? "every action"
                : missing.count < group.actions.count
                    ? "every action but " + missing.joined(separator: " and ") : group.actions.joined(separator: ", ")
            return heading + ":\n" + lines(group.options, help: false)
        }
        return blocks.joined(separator: "\n") + "\n\n" + lines([], help: true)
    }

    /// `text` in lines of at most `width` characters, broken between words.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
