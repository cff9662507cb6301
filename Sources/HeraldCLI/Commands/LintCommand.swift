import HeraldCore
import HeraldFCMModel

/// `herald lint`: checks payloads against APNs' rules.
enum LintCommand: Command {
    static let name = "lint"
    static let summary = "Check payloads against APNs rules before sending them"
    static let help = """
        Usage: herald lint [FILE...|-] [--platform apns|fcm|all] [--push-type TYPE] [--priority P] [--topic TOPIC] [--strict]

        Checks each payload against APNs' rules: size (4096 bytes, 5120 for voip),
        value types (badge an integer, alert a string or a dictionary, ...), ranges
        (sound volume 0-1; relevance-score 0-1 except for Live Activities),
        interruption levels, and how keys combine for the push type (a background
        push has content-available and no alert; an attachment needs mutable-content;
        a liveactivity push has a timestamp and an event, and a start event has
        attributes-type, attributes, content-state and an alert; ...). With --priority
        and --topic it checks the headers too. With --platform fcm it checks what the
        payload becomes for Android instead (FCM's 4096 bytes, reserved data keys,
        the herald.android options, data values that are not strings); all checks
        both. One line per problem:

          error: aps.badge: expected an integer, found "3"
          error: fcm: data.from: is reserved by FCM (...); rename the key

        Arguments:
          FILE              a JSON payload; - or nothing reads standard input

        Options:
        \(OptionHelp.lines(spec.allOptions))

        Exit status: 0 clean (warnings alone are clean unless --strict), 1 problems
        found, 2 an input could not be read or is not a JSON object.
        """
    static let pushType = Option.choice(
        "push-type", "TYPE", PushType.documented.map(\.rawValue), default: PushType.alert.rawValue, "the push type it will be sent as")
    static let priority = Option.integer(
        "priority", "P", expected: "a whole number (use 10, 5 or 1)",
        "the apns-priority it will be sent with (10 or 5 for liveactivity, 5 or 1 for background)")
    static let topic = Option.text("topic", "TOPIC", "the apns-topic it will be sent to (liveactivity needs <bundle id>.push-type.liveactivity)")
    static let strict = Option.flag("strict", "treat warnings as problems too")
    static let platform = Option.choice(
        "platform", "PLATFORM", ["apns", "fcm", "all"], default: "apns", "the push services it will go to (all: APNs and FCM)")
    static let spec = Arguments.Spec([platform.descriptor, pushType.descriptor, priority.descriptor, topic.descriptor, strict.descriptor])

    static func run(_ arguments: Arguments, terminal: Terminal) async -> Int32 {
        let pushType = PushType(rawValue: arguments[Self.pushType])
        let priority = arguments[Self.priority]
        let inputs: [PayloadInput]
        do {
            inputs = try PayloadInput.read(arguments.positionals, terminal: terminal)
        } catch {
            return fail("\(error)", terminal)
        }
        let linter = PayloadLinter()
        var status: Int32 = 0
        for input in inputs {
            let prefix = inputs.count > 1 ? "\(input.name): " : ""
            do {
                let payload = try linter.decoder.parse(input.bytes)
                let platform = arguments[Self.platform]
                var issues: [LintIssue] = []
                if platform != "fcm" {
                    issues = try linter.lint(payload, pushType: pushType, priority: priority, topic: arguments[Self.topic])
                    if platform == "all" { issues = issues.map { var issue = $0; issue.platform = "apns"; return issue } }
                }
                if platform != "apns" { issues += FCMRenderer().lint(payload, options: .init(priority: priority ?? 10)) }
                for issue in issues { terminal.print(prefix + issue.description) }
                let failing = issues.contains { $0.severity == .error || arguments[Self.strict] }
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
