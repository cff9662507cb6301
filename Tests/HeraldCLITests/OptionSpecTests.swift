import Foundation
import Testing

@testable import HeraldCLI

/// Options are declared once (name, kind of value, default, help): parsing checks every
/// value with one phrasing, each action takes only its own options, and the help lists them.
@Suite("Option descriptors")
struct OptionSpecTests {
    /// Every action of every command, with an option of the command that it does not take.
    static var foreignOptions: [(command: String, action: String, option: OptionDescriptor)] {
        HeraldCLI.commands.flatMap { command in
            command.spec.actions.compactMap { action -> (String, String, OptionDescriptor)? in
                let taken = Set(action.options.map(\.name))
                guard let other = command.spec.allOptions.first(where: { !taken.contains($0.name) }) else { return nil }
                return (command.name, action.name, other)
            }
        }
    }

    @Test("an option the action does not take is refused, naming the option and the action")
    func foreignOptionRefused() async {
        let cases = Self.foreignOptions
        #expect(cases.count >= 10)
        for (command, action, option) in cases {
            let run = await CLIRun([command, action, "--" + option.name] + (option.takesValue ? ["x"] : []))
            #expect(run.status == 2, "\(command) \(action) --\(option.name)")
            #expect(run.out.isEmpty)
            #expect(
                run.errLines.first?.hasPrefix("herald \(command): unknown option --\(option.name) for '\(command) \(action)' (it takes ")
                    == true, "\(run.err)")
            #expect(run.errLines.last == "Run 'herald \(command) --help' for usage.")
        }
    }

    @Test("app list does not take --bundle-id, channel list does not take --storage")
    func examples() async {
        let list = await CLIRun(["app", "list", "--bundle-id", "com.example.demo"])
        #expect(list.status == 2)
        #expect(list.errLines.first == "herald app: unknown option --bundle-id for 'app list' (it takes --data, --database, --json)")
        let channel = await CLIRun(["channel", "list", "--storage", "most-recent", "--topic", "com.example.demo"])
        #expect(channel.status == 2)
        #expect(channel.errLines.first?.hasPrefix("herald channel: unknown option --storage for 'channel list'") == true)
        // The action may come after the options, as before.
        let late = await CLIRun(["app", "--data", "/nonexistent/herald", "list", "--name", "x"])
        #expect(late.errLines.first?.hasPrefix("herald app: unknown option --name for 'app list'") == true, "\(late.err)")
    }

    @Test(
        "every kind of value has one phrasing: the option, what was given, what to give",
        arguments: [
            (["bench-decode", "--iterations", "many"], #"--iterations: "many" is not a whole number of at least 1"#),
            (["serve", "--threads", "0"], #"--threads: "0" is not a whole number from 1 to 256"#),
            (["app", "create", "--rate-limit", "fast"], #"--rate-limit: "fast" is not a number"#),
            (["nse", "-", "--deadline", "soon"], #"--deadline: "soon" is not a number of seconds from 0 to 600"#),
            (["device", "--timeout", "0"], #"--timeout: "0" is not a number of seconds more than 0"#),
            (["device", "--gateway", "localhost"], #"--gateway: "localhost" is not an http or https URL such as http://127.0.0.1:8080"#),
            (["apns-sim", "--trust-cert", "/nonexistent/cert.pem"], #"--trust-cert: "/nonexistent/cert.pem" is not an existing file"#),
            (["nse", "-", "--resources", "/nonexistent/folder"], #"--resources: "/nonexistent/folder" is not an existing folder"#),
            (["channel", "create", "--storage", "forever"], #"--storage: "forever" is not no-storage or most-recent"#),
            (["app", "list", "--json=yes"], "--json takes no value"),
            (["inspect", "--provider"], "--provider needs a value: --provider NAME"),
            (["lint", "--topic", "a", "--topic", "b"], "--topic is given twice; give it once"),
            (["app", "create", "--name", "Demo"], "--bundle-id is required: --bundle-id B"),
        ])
    func valueErrors(arguments: [String], message: String) async {
        let run = await CLIRun(arguments, stdin: #"{"aps":{"alert":"x"}}"#)
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.errLines.first == "herald \(arguments[0]): \(message)", "\(run.err)")
        #expect(run.errLines.last == "Run 'herald \(arguments[0]) --help' for usage.")
    }

    @Test("each command's help lists every option it takes, and every action")
    func helpListsOptions() async {
        for command in HeraldCLI.commands {
            let run = await CLIRun([command.name, "--help"])
            #expect(run.status == 0)
            for option in command.spec.allOptions + [OptionDescriptor(name: "help", kind: .flag, placeholder: "", help: "")] {
                #expect(run.outLines.contains { $0.hasPrefix("  " + option.synopsis) }, "herald \(command.name) --help: --\(option.name)")
            }
            for action in command.spec.actions {
                #expect(run.out.contains("herald \(command.name) \(action.name)"), "herald \(command.name) --help: \(action.name)")
            }
        }
    }

    @Test("a default is the value when the option is not given, and the help says it")
    func defaults() async throws {
        let none = try Arguments([], spec: BenchAPNSCommand.spec)
        #expect(none[BenchAPNSCommand.count] == 100_000 && none[BenchAPNSCommand.connections] == 1 && none[BenchAPNSCommand.streams] == 100)
        let rotate = try Arguments(["rotate-key"], spec: AppCommand.spec)
        #expect(rotate[AppCommand.key] == "both")
        #expect(try Arguments(["rotate-key", "--key=client"], spec: AppCommand.spec)[AppCommand.key] == "client")
        #expect(try Arguments([], spec: DeviceCommand.spec)[DeviceCommand.timeout] == 30)
        #expect(await CLIRun(["bench-decode", "--help"]).out.contains("passes over the corpus (default 2000)"))
    }

    @Test("a repeatable option keeps every value in order; a flag is off until given")
    func repeatable() throws {
        let parsed = try Arguments(["--fault", "a:drop", "--fault=b:goaway"], spec: APNSSimCommand.spec)
        #expect(parsed[APNSSimCommand.fault] == ["a:drop", "b:goaway"])
        let flags = try Arguments(["list", "--json"], spec: AppCommand.spec)
        #expect(flags[AppCommand.json] && !flags[AppCommand.on])
    }
}
