import HeraldCore

/// `herald lint`: checks payloads against APNs' rules.
enum LintCommand: Command {
    static let name = "lint"
    static let summary = "Check payloads against APNs rules before sending them"
    static let help = """
        Usage: herald lint [FILE...|-] [--push-type TYPE] [--strict]

        Checks each payload against APNs' rules: size (4096 bytes, 5120 for voip),
        value types (badge an integer, alert a string or a dictionary, ...), ranges
        (relevance-score and sound volume 0-1), interruption levels, and how keys
        combine for the push type (a background push has content-available and no
        alert; an attachment needs mutable-content; ...). One line per problem:

          error: aps.badge: expected an integer, found "3"

        Arguments:
          FILE              a JSON payload; - or nothing reads standard input

        Options:
          --push-type TYPE  alert (default), background, voip, liveactivity, location,
                            complication, fileprovider, mdm, pushtotalk, widgets, controls
          --strict          treat warnings as problems too
          --help            show this help

        Exit status: 0 clean (warnings alone are clean unless --strict), 1 problems
        found, 2 an input could not be read or is not a JSON object.
        """
    static let spec = Arguments.Spec(flags: ["strict"], options: ["push-type"])

    static func run(_ arguments: Arguments, terminal: Terminal) -> Int32 {
        let pushType = PushType(rawValue: arguments.value("push-type") ?? "alert")
        guard PushType.documented.contains(pushType) else {
            terminal.error("herald lint: unknown push type \"\(pushType)\"; use one of \(PushType.documented.map(\.rawValue).joined(separator: ", "))")
            return 2
        }
        let inputs: [PayloadInput]
        do {
            inputs = try PayloadInput.read(arguments.positionals, terminal: terminal)
        } catch {
            terminal.error("herald lint: \(error)")
            return 2
        }
        let linter = PayloadLinter()
        var status: Int32 = 0
        for input in inputs {
            let prefix = inputs.count > 1 ? "\(input.name): " : ""
            do {
                let payload = try linter.decoder.parse(input.bytes)
                let issues = try linter.lint(payload, pushType: pushType)
                for issue in issues { terminal.print(prefix + issue.description) }
                let failing = issues.contains { $0.severity == .error || arguments.has("strict") }
                if failing { status = max(status, 1) }
                if issues.isEmpty && inputs.count > 1 { terminal.print(prefix + "ok") }
            } catch {
                terminal.error(prefix + "error: payload: \(error)")
                status = 2
            }
        }
        return status
    }
}
