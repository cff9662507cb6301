import HeraldCore

/// `herald lint`: checks payloads against APNs' rules.
enum LintCommand: Command {
    static let name = "lint"
    static let summary = "Check payloads against APNs rules before sending them"
    static let help = """
        Usage: herald lint [FILE...|-] [--push-type TYPE] [--priority P] [--topic TOPIC] [--strict]

        Checks each payload against APNs' rules: size (4096 bytes, 5120 for voip),
        value types (badge an integer, alert a string or a dictionary, ...), ranges
        (sound volume 0-1; relevance-score 0-1 except for Live Activities),
        interruption levels, and how keys combine for the push type (a background
        push has content-available and no alert; an attachment needs mutable-content;
        a liveactivity push has a timestamp and an event, and a start event has
        attributes-type, attributes, content-state and an alert; ...). With --priority
        and --topic it checks the headers too. One line per problem:

          error: aps.badge: expected an integer, found "3"

        Arguments:
          FILE              a JSON payload; - or nothing reads standard input

        Options:
          --push-type TYPE  alert (default), background, voip, liveactivity, location,
                            complication, fileprovider, mdm, pushtotalk, widgets, controls
          --priority P      the apns-priority it will be sent with (10 or 5 for
                            liveactivity, 5 or 1 for background)
          --topic TOPIC     the apns-topic it will be sent to (liveactivity needs
                            <bundle id>.push-type.liveactivity)
          --strict          treat warnings as problems too
          --help            show this help

        Exit status: 0 clean (warnings alone are clean unless --strict), 1 problems
        found, 2 an input could not be read or is not a JSON object.
        """
    static let spec = Arguments.Spec(flags: ["strict"], options: ["push-type", "priority", "topic"])

    static func run(_ arguments: Arguments, terminal: Terminal) -> Int32 {
        let pushType = PushType(rawValue: arguments.value("push-type") ?? "alert")
        guard PushType.documented.contains(pushType) else {
            terminal.error("herald lint: unknown push type \"\(pushType)\"; use one of \(PushType.documented.map(\.rawValue).joined(separator: ", "))")
            return 2
        }
        var priority: Int?
        if let text = arguments.value("priority") {
            guard let value = Int(text) else {
                terminal.error("herald lint: --priority \(text): not a whole number; use 10, 5 or 1")
                return 2
            }
            priority = value
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
                let issues = try linter.lint(payload, pushType: pushType, priority: priority, topic: arguments.value("topic"))
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
