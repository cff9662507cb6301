import Foundation
import HeraldCore

/// `herald webhook`: an app's webhook endpoints, through a running gateway's API (the
/// server key), so the CLI checks and answers exactly as the API does.
enum WebhookCommand: Command {
    static let name = "webhook"
    static let summary = "Create, list, change, rotate, replay and delete an app's webhook endpoints"
    static let help = """
        Usage: herald webhook create --url URL --events LIST [--description TEXT] GATEWAY
               herald webhook list GATEWAY
               herald webhook show ID GATEWAY
               herald webhook update ID [--url URL] [--events LIST] [--description TEXT] [--enable | --disable] GATEWAY
               herald webhook delete ID GATEWAY
               herald webhook rotate-secret ID GATEWAY
               herald webhook replay ID --since TIME GATEWAY
               herald webhook attempts ID [--limit N] GATEWAY

        GATEWAY is --gateway URL (default http://127.0.0.1:8080) --app ID, and the app's server
        key in HERALD_SERVER_KEY (or --key KEY, which ps shows). LIST is event types and
        families separated by commas: delivery.failed,publish.*, or * for all (docs/events.md).
        TIME is seconds since 1970 or an RFC 3339 time such as 2026-12-07T09:00:00Z.

        Prints the gateway's JSON answer. create and rotate-secret show the endpoint's
        secret (whsec_...), which no later read shows: keep it where the receiver verifies
        the signatures. A disabled endpoint (410, retries run out, backlog full) keeps its
        events: update --enable sends them; replay sends again what came since TIME.

        Options:
        \(OptionHelp.lines(spec.allOptions))

        Exit status: 0 done, 1 the gateway refused (its error is printed) or could not be reached, 2 bad usage.
        """
    static let url = Option.text("url", "URL", "the endpoint: https:// (http:// only with herald serve --webhook-allow-http)")
    static let events = Option.text("events", "LIST", "event types and families, separated by commas (* for all)")
    static let description = Option.text("description", "TEXT", "what the endpoint is for")
    static let enable = Option.flag("enable", "update: enable it (from where it stopped)")
    static let disable = Option.flag("disable", "update: disable it (its events are kept)")
    static let since = Option.text("since", "TIME", "replay: seconds since 1970 or an RFC 3339 time")
    static let limit = Option.integer("limit", "N", in: 1...100, "attempts: how many (default 50)")

    static let spec: Arguments.Spec = {
        let common = GatewayCall.descriptors
        return Arguments.Spec(actions: [
            .init("create", common + [url.descriptor, events.descriptor, description.descriptor]), .init("list", common),
            .init("show", common), .init("update", common + [url.descriptor, events.descriptor, description.descriptor, enable.descriptor, disable.descriptor]),
            .init("delete", common), .init("rotate-secret", common), .init("replay", common + [since.descriptor]),
            .init("attempts", common + [limit.descriptor]),
        ])
    }()

    static func run(_ arguments: Arguments, terminal: Terminal) async -> Int32 {
        var positionals = arguments.positionals
        guard !positionals.isEmpty else { return usage("give an action: create, list, show, update, delete, rotate-secret, replay or attempts", terminal) }
        let action = positionals.removeFirst()
        let call: GatewayCall
        switch GatewayCall.from(arguments) {
        case .success(let made): call = made
        case .failure(let error): return usage(error.text, terminal)
        }
        let hooks = call.path("/webhooks")
        let needsID = action != "create" && action != "list"
        guard positionals.count == (needsID ? 1 : 0) else {
            return usage(needsID ? "\(action) takes one webhook id" : "\(action) takes no webhook id", terminal)
        }
        let id = positionals.first.map { "/" + $0 } ?? ""
        var body: [String: JSONValue] = [:]
        if let url = arguments[Self.url] { body["url"] = .string(url) }
        if let list = arguments[Self.events] {
            body["events"] = .array(list.split(separator: ",").map { .string($0.trimmingCharacters(in: .whitespaces)) })
        }
        if let text = arguments[Self.description] { body["description"] = .string(text) }
        let (method, path): (String, String)
        switch action {
        case "create":
            guard body["url"] != nil, body["events"] != nil else { return usage("create needs --url URL and --events LIST", terminal) }
            (method, path) = ("POST", hooks)
        case "list": (method, path) = ("GET", hooks)
        case "show": (method, path) = ("GET", hooks + id)
        case "update":
            if arguments[Self.enable] && arguments[Self.disable] { return usage("give --enable or --disable, not both", terminal) }
            if arguments[Self.enable] { body["enabled"] = .bool(true) }
            if arguments[Self.disable] { body["enabled"] = .bool(false) }
            guard !body.isEmpty else { return usage("update needs --url, --events, --description, --enable or --disable", terminal) }
            (method, path) = ("PATCH", hooks + id)
        case "delete": (method, path) = ("DELETE", hooks + id)
        case "rotate-secret": (method, path) = ("POST", hooks + id + "/rotate-secret")
        case "replay":
            guard let text = arguments[Self.since], let since = Self.time(text) else {
                return usage("replay needs --since TIME: seconds since 1970 or an RFC 3339 time such as 2026-12-07T09:00:00Z", terminal)
            }
            body = ["since": .double(since)]
            (method, path) = ("POST", hooks + id + "/replay")
        case "attempts": (method, path) = ("GET", hooks + id + "/attempts" + (arguments[Self.limit].map { "?limit=\($0)" } ?? ""))
        default: return usage("unknown action \"\(action)\"; use create, list, show, update, delete, rotate-secret, replay or attempts", terminal)
        }
        do {
            let (status, text) = try await call.send(method, path, body: method == "POST" || method == "PATCH" ? .object(body) : nil)
            guard (200...299).contains(status) else { return fail("the gateway answered \(status): \(text)", terminal, status: 1) }
            terminal.print(text.isEmpty ? "{\"deleted\":true}" : text)
            return 0
        } catch {
            return gatewayFailure(error, call, terminal)
        }
    }

    /// Seconds since 1970, or an RFC 3339 time.
    static func time(_ text: String) -> Double? {
        if let seconds = Double(text), seconds.isFinite, seconds >= 0 { return seconds }
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date.timeIntervalSince1970 }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)?.timeIntervalSince1970
    }
}
