import Foundation
import HeraldCore

/// `herald audit`: an app's audit log as JSON lines, through a running gateway's API.
enum AuditCommand: Command {
    static let name = "audit"
    static let summary = "Print an app's audit log (who did what, and what was refused) as JSON lines"
    static let help = """
        Usage: herald audit [--actor EMAIL|KEY_ID] [--action ACTION] [--limit N] [--after ID] GATEWAY

        GATEWAY is --gateway URL (default http://127.0.0.1:8080) --app ID, and a server key
        with the admin scope in HERALD_SERVER_KEY (or --key KEY, which ps shows).

        Prints one entry a line, {"id", "at", "actor", "action", "target", "address",
        "outcome", "detail"?}: the newest first, or with --after ID every entry after that one,
        oldest first, page after page. --action takes an action (publish.create) or a family
        ending in a dot (publish.). docs/gateway.md lists the actions.

        Options:
        \(OptionHelp.lines(spec.allOptions))

        Exit status: 0 done, 1 the gateway refused (its error is printed) or could not be reached, 2 bad usage.
        """
    static let actor = Option.text("actor", "WHO", "only this member's e-mail or this key's id")
    static let action = Option.text("action", "ACTION", "only this action, or a family ending in '.' (publish.)")
    static let limit = Option.integer("limit", "N", in: 1...1_000_000, "most entries to print (default 100)")
    static let after = Option.text("after", "ID", "entries after this one (aud_…), oldest first")

    static let spec = Arguments.Spec(GatewayCall.descriptors + [actor.descriptor, action.descriptor, limit.descriptor, after.descriptor])

    static func run(_ arguments: Arguments, terminal: Terminal) async -> Int32 {
        guard arguments.positionals.isEmpty else { return usage("audit takes no positional arguments", terminal) }
        let call: GatewayCall
        switch GatewayCall.from(arguments) {
        case .success(let made): call = made
        case .failure(let error): return usage(error.text, terminal)
        }
        var wanted = arguments[Self.limit] ?? 100
        var after = arguments[Self.after]
        var filters = ""
        for (name, value) in [("actor", arguments[Self.actor]), ("action", arguments[Self.action])] {
            if let value { filters += "&\(name)=\(GatewayCall.escape(value))" }
        }
        do {
            repeat {
                let page = min(wanted, 1000)
                let query = "?limit=\(page)" + filters + (after.map { "&after=\(GatewayCall.escape($0))" } ?? "")
                let (status, text) = try await call.send("GET", call.path("/audit" + query))
                guard status == 200 else { return fail("the gateway answered \(status): \(text)", terminal, status: 1) }
                let answer = try JSONParser().parse(Array(text.utf8))
                let entries = answer["entries"]?.arrayValue ?? []
                for entry in entries { terminal.print(JSONWriter.serialize(entry)) }
                wanted -= entries.count
                // Newest first is one page; after a cursor, page on to the end or the limit.
                guard after != nil, let next = answer["next"]?.stringValue else { break }
                after = next
            } while wanted > 0
            return 0
        } catch {
            return gatewayFailure(error, call, terminal)
        }
    }
}
