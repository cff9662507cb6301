import Foundation
import Testing
@testable import HeraldCLI

/// `--help`, `--version`, and command lines that do not fit: exit 2 with the problem named on stderr.
@Suite("Usage and help")
struct UsageTests {
    @Test("herald --help lists every command and exits 0")
    func topLevelHelp() async {
        for flag in ["--help", "-h", "help"] {
            let run = await CLIRun([flag])
            #expect(run.status == 0, "herald \(flag)")
            #expect(run.err.isEmpty)
            #expect(run.out.contains("Usage: herald <command> [options]"))
            for command in ["inspect", "lint", "bench-decode"] {
                #expect(run.outLines.contains { $0.hasPrefix("  \(command) ") }, "\(command) listed by herald \(flag)")
            }
        }
    }

    @Test("herald inspect --help prints the inspect usage and exits 0")
    func inspectHelp() async {
        for arguments in [["inspect", "--help"], ["inspect", "-h"], ["help", "inspect"], ["inspect", "--json", "--help"]] {
            let run = await CLIRun(arguments)
            #expect(run.status == 0, "\(arguments)")
            #expect(run.err.isEmpty)
            #expect(run.outLines.first == "Usage: herald inspect [FILE...|-] [--json] [--provider NAME]")
            #expect(run.out.contains("--provider NAME"))
            #expect(run.out.contains("Exit status"))
        }
    }

    @Test("herald lint --help prints the lint usage and exits 0")
    func lintHelp() async {
        for arguments in [["lint", "--help"], ["lint", "-h"], ["help", "lint"]] {
            let run = await CLIRun(arguments)
            #expect(run.status == 0, "\(arguments)")
            #expect(run.err.isEmpty)
            #expect(run.outLines.first == "Usage: herald lint [FILE...|-] [--platform apns|fcm|all] [--push-type TYPE] [--priority P] [--topic TOPIC] [--strict]")
            #expect(run.out.contains("--push-type TYPE"))
            #expect(run.out.contains("--strict"))
            #expect(run.out.contains("error: aps.badge: expected an integer, found \"3\""))
        }
    }

    @Test("herald bench-decode --help prints its usage and exits 0")
    func benchHelp() async {
        let run = await CLIRun(["bench-decode", "--help"])
        #expect(run.status == 0)
        #expect(run.outLines.first == "Usage: herald bench-decode FILE... [--iterations N]")
    }

    @Test("herald --version prints the version")
    func version() async {
        let run = await CLIRun(["--version"])
        #expect(run.status == 0)
        #expect(run.outLines.count == 1)
        #expect(run.out.hasPrefix("herald "))
    }

    @Test("no command at all prints the usage on stderr and exits 2")
    func noCommand() async {
        let run = await CLIRun([])
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.err.contains("Usage: herald <command> [options]"))
    }

    @Test("an unknown command exits 2 and names the command on stderr")
    func unknownCommand() async {
        let run = await CLIRun(["frobnicate", example("fcm.json")])
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.errLines.first == "herald: unknown command 'frobnicate'")
        #expect(run.err.contains("Usage: herald <command> [options]"))
    }

    @Test("a mistyped command or help topic exits 2 and says which command was meant")
    func mistypedCommand() async {
        let serve = await CLIRun(["serv"])
        #expect(serve.status == 2)
        #expect(serve.errLines.first == "herald: unknown command 'serv'; did you mean 'serve'?")
        let help = await CLIRun(["help", "nope"])
        #expect(help.status == 2)
        #expect(help.out.isEmpty)
        #expect(help.errLines.first == "herald: unknown command 'nope'")
        #expect(await CLIRun(["help", "serve"]).status == 0)
        #expect(Suggestion.closest(to: "lsit", among: ["list", "create"]) == "list")
        #expect(Suggestion.closest(to: "x", among: ["list"]) == nil)
    }

    @Test(
        "an unknown option exits 2 and names the option on stderr",
        arguments: [
            (["inspect", "--frob", "x.json"], "herald inspect: unknown option --frob"),
            (["inspect", "-x"], "herald inspect: unknown option -x"),
            (["lint", "--pushtype", "voip"], "herald lint: unknown option --pushtype; did you mean --push-type?"),
            (["serve", "--lisen", "127.0.0.1:0"], "herald serve: unknown option --lisen; did you mean --listen?"),
            (["lint", "--json"], "herald lint: unknown option --json"),
            (["bench-decode", "--strict"], "herald bench-decode: unknown option --strict"),
        ])
    func unknownOption(arguments: [String], message: String) async {
        let run = await CLIRun(arguments, stdin: "{\"aps\": {\"alert\": \"x\"}}")
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.errLines.first == message)
        #expect(run.err.contains("Run 'herald \(arguments[0]) --help' for usage."))
    }

    @Test(
        "malformed options exit 2 with the reason",
        arguments: [
            (["inspect", "--provider"], "--provider needs a value"),
            (["inspect", "--json=yes"], "--json takes no value"),
            (["lint", "--push-type", "alert", "--push-type", "voip"], "--push-type is given twice"),
            (["lint", "--strict=1"], "--strict takes no value"),
        ])
    func malformedOptions(arguments: [String], reason: String) async {
        let run = await CLIRun(arguments, stdin: "{\"aps\": {\"alert\": \"x\"}}")
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.err.contains(reason))
    }

    @Test("option=value works like option value")
    func inlineValue() async throws {
        let run = await CLIRun(["inspect", "--json", "--provider=umeng", example("fcm.json")])
        #expect(run.status == 0)
        #expect(try run.jsonLines().first?["provider"] == "umeng")
    }

    /// `--` ends options (Support/Arguments.swift), so what follows is a file name even when
    /// it looks like an option. The help check in Command.swift runs before that parse.
    @Test("after --, a word like --help is a file name, not a request for help")
    func doubleDashEndsOptions() async {
        let run = await CLIRun(["inspect", "--", "--help"])
        #expect(run.status == 2)
        #expect(run.err.contains("--help: no such file"))
        #expect(!run.out.contains("Usage:"))
    }
}
