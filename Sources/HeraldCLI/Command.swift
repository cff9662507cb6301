/// One `herald` subcommand.
protocol Command: Sendable {
    /// The word after `herald`.
    static var name: String { get }
    /// One line for `herald --help`.
    static var summary: String { get }
    /// The full `--help` text.
    static var help: String { get }
    /// What the command accepts besides `--help`.
    static var spec: Arguments.Spec { get }
    /// Runs with parsed arguments; returns the exit status. Commands that need the main
    /// actor (the client runtime, the extension pipeline) hop to it themselves.
    static func run(_ arguments: Arguments, terminal: Terminal) async -> Int32
}

/// The `herald` command line.
public enum HeraldCLI {
    static let version = "0.1.0"

    static let commands: [any Command.Type] = [
        InspectCommand.self, LintCommand.self, SimulateCommand.self, NseCommand.self, OutboxCommand.self, SendCommand.self,
        ChannelCommand.self, APNSSimCommand.self, FCMSimCommand.self, ServeCommand.self, AppCommand.self, DeviceCommand.self, BenchDecodeCommand.self, BenchOutboxCommand.self,
        BenchAPNSCommand.self, BenchFCMCommand.self, WebhookCommand.self, AuditCommand.self, MemberCommand.self, ExplainCommand.self,
    ]

    /// `herald: unknown command 'X'` (with the command meant, when one is close) and the usage; exit status 2.
    static func unknownCommand(_ name: String, _ terminal: Terminal) -> Int32 {
        let hint = Suggestion.closest(to: name, among: commands.map { $0.name }).map { "; did you mean '\($0)'?" } ?? ""
        terminal.error("herald: unknown command '\(name)'\(hint)\n\n\(usage)")
        return 2
    }

    /// Runs `herald` with `arguments` (without the program name); returns the exit status.
    public static func run(_ arguments: [String], terminal: Terminal = .standard()) async -> Int32 {
        guard let first = arguments.first else {
            terminal.error(usage)
            return 2
        }
        if first == "--help" || first == "-h" || first == "help" {
            guard arguments.count > 1 else {
                terminal.print(usage)
                return 0
            }
            guard let command = commands.first(where: { $0.name == arguments[1] }) else { return unknownCommand(arguments[1], terminal) }
            terminal.print(command.help)
            return 0
        }
        if first == "--version" {
            terminal.print("herald \(version)")
            return 0
        }
        guard let command = commands.first(where: { $0.name == first }) else { return unknownCommand(first, terminal) }
        let rest = Array(arguments.dropFirst())
        let options = rest.prefix { $0 != "--" }
        if options.contains("--help") || options.contains("-h") {
            terminal.print(command.help)
            return 0
        }
        do {
            return await command.run(try Arguments(rest, spec: command.spec, command: command.name), terminal: terminal)
        } catch {
            return command.usage("\(error)", terminal)
        }
    }

    static var usage: String {
        let width = commands.map { $0.name.count }.max() ?? 0
        let lines = commands.map { "  \($0.name)\(String(repeating: " ", count: width - $0.name.count + 2))\($0.summary)" }
        return """
            herald \(version): push notifications for iOS apps, from payload to screen.

            Usage: herald <command> [options]

            Commands:
            \(lines.joined(separator: "\n"))

            Run 'herald <command> --help' for a command's options.
            """
    }
}

/// A command whose work belongs to the main actor (the client runtime, the extension
/// pipeline, the receipts sender): `run` hops there and calls `runOnMain`.
protocol MainActorCommand: Command {
    @MainActor static func runOnMain(_ arguments: Arguments, terminal: Terminal) async -> Int32
}

extension MainActorCommand {
    static func run(_ arguments: Arguments, terminal: Terminal) async -> Int32 {
        await runOnMain(arguments, terminal: terminal)
    }
}
