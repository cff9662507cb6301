import HeraldCore

extension TimelineEntry {
    /// The timeline line for a runtime event, or `nil` for events the timeline leaves out.
    static func from(_ event: RuntimeEvent, at time: Double) -> TimelineEntry? {
        func line(_ name: String, _ notification: PushNotification?, _ extra: [String: JSONValue] = [:]) -> TimelineEntry {
            var fields = extra
            if let notification { fields["id"] = notification.id.map(JSONValue.string) ?? .null }
            return TimelineEntry(time: time, event: name, fields: fields)
        }
        switch event {
        case .received(let n, let source, let state):
            return line("notification.received", n, ["source": .string(source.rawValue), "state": .string(state.rawValue)])
        case .banner(let banner):
            return bannerLine(banner, at: time)
        case .alertShown(let n):
            return line("alert.shown", n, ["title": n.content.title.map(JSONValue.string) ?? .null, "body": n.content.body.map(JSONValue.string) ?? .null])
        case .alertAnswered(let n, let show):
            return line("alert.answered", n, ["show": .bool(show)])
        case .systemNotification(let n, let options, let source):
            return line("system.notification", n, ["options": .array(options.names.map(JSONValue.string)), "source": .string(source.rawValue)])
        case .repostedAsLocal(let n):
            return line("local.posted", n)
        case .opened(let n, let action, _):
            return line("notification.opened", n, action.map { ["action": .string($0)] } ?? [:])
        case .dismissed(let n):
            return line("notification.dismissed", n)
        case .navigation(let command, let n):
            return line("navigation", n, navigationFields(command))
        case .authRequired(let n, let screen):
            return line("auth.required", n, ["screen": screen.map(JSONValue.string) ?? .null])
        case .parkedRouteDropped(let n, let reason):
            return line("route.dropped", n, ["reason": .string(reason)])
        case .routeUnmatched(let n, let link):
            return line("route.unmatched", n, ["link": link.map(JSONValue.string) ?? .null])
        case .launchBuffered(let n, let what):
            return line("launch.buffered", n, ["what": .string(what)])
        case .app(let name, let n):
            return line("app.event", n, ["name": .string(name)])
        case .rejected(let reason):
            return line("notification.rejected", nil, ["reason": .string(reason)])
        case .ignored(let n, let reason):
            return line("notification.ignored", n, ["reason": .string(reason)])
        case .stateChanged(let state):
            return TimelineEntry(time: time, event: "app.state", fields: ["state": .string(state.rawValue)])
        case .receipt(let receipt):
            var fields: [String: JSONValue] = ["kind": .string(receipt.kind.rawValue), "id": .string(receipt.notificationID)]
            if let action = receipt.actionID { fields["action"] = .string(action) }
            return TimelineEntry(time: time, event: "receipt", fields: fields)
        case .badge(let count):
            return TimelineEntry(time: time, event: "badge", fields: ["count": .int(count)])
        }
    }

    private static func bannerLine(_ event: BannerEvent, at time: Double) -> TimelineEntry? {
        func line(_ name: String, _ item: BannerItem, _ extra: [String: JSONValue] = [:]) -> TimelineEntry {
            var fields = extra
            fields["id"] = item.notification.id.map(JSONValue.string) ?? .string(item.id)
            if name == "banner.shown" || name == "banner.updated" {
                fields["title"] = item.notification.content.title.map(JSONValue.string) ?? .null
                fields["body"] = item.notification.content.body.map(JSONValue.string) ?? .null
            }
            return TimelineEntry(time: time, event: name, fields: fields)
        }
        switch event {
        case .willShow(let item): return line("banner.shown", item)
        case .willHide(let item, let reason): return line("banner.hidden", item, ["reason": .string(reason.rawValue)])
        case .updated(let item): return line("banner.updated", item)
        case .dropped(let item, let reason): return line("banner.dropped", item, ["reason": .string(reason.rawValue)])
        default: return nil
        }
    }

    private static func navigationFields(_ command: NavigationCommand) -> [String: JSONValue] {
        func screen(_ screen: Screen) -> [String: JSONValue] {
            ["screen": .string(screen.name), "params": .object(screen.params.mapValues(JSONValue.string))]
        }
        var fields: [String: JSONValue] = ["kind": .string(command.kind)]
        switch command {
        case .push(let s, let tab): fields.merge(screen(s)) { a, _ in a }; fields["tab"] = .string(tab)
        case .refresh(let s), .present(let s): fields.merge(screen(s)) { a, _ in a }
        case .selectTab(let tab), .popToRoot(let tab): fields["tab"] = .string(tab)
        case .openWeb(let url, let title):
            fields["url"] = .string(url)
            fields["title"] = title.map(JSONValue.string) ?? .null
        case .stack(let tab, let screens):
            fields["tab"] = .string(tab)
            fields["screens"] = .array(screens.map { .object(screen($0)) })
            if let last = screens.last { fields.merge(screen(last)) { a, _ in a } }
        }
        return fields
    }
}
