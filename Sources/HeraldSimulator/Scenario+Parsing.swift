import HeraldCore

extension Scenario {
    /// Reads a scenario; every mistake names its path (`steps[3].swipe.dy`).
    public init(json: JSONValue) throws(ScenarioError) {
        guard let root = json.objectValue else { throw ScenarioError("scenario", "expected an object with \"app\" and \"steps\"") }
        let app = root["app"] ?? [:]
        guard app.objectValue != nil else { throw ScenarioError("app", "expected an object") }
        try Self.checkKeys(app, Self.appKeys, "app")
        tabs = try Self.strings(app["tabs"], "app.tabs") ?? ["main"]
        guard !tabs.isEmpty else { throw ScenarioError("app.tabs", "needs at least one tab") }
        bannerHeight = try Self.number(app["bannerHeight"], "app.bannerHeight") ?? 88
        strings = try Self.strings(table: app["strings"], "app.strings")
        configuration = try Self.configuration(app, tabs: tabs)
        do {
            _ = try Router(configuration.routes.map { (pattern: $0.pattern, target: $0) })
        } catch {
            throw ScenarioError("app.routes[\(error.index)].pattern", error.description)
        }
        do {
            _ = try ActionRouter(configuration.actionRoutes)
        } catch {
            throw ScenarioError("app.actionRoutes[\(error.index)]", error.description)
        }
        hookDelay = try Self.number(app["hook"]?["after"], "app.hook.after")
        hookDecision = try app["hook"]?["decision"].map { value throws(ScenarioError) in
            guard let decision = Self.decisions[value.stringValue ?? ""] else {
                throw ScenarioError("app.hook.decision", "expected one of \(Self.decisions.keys.sorted().joined(separator: ", "))")
            }
            return decision
        }
        guard let steps = root["steps"]?.arrayValue else { throw ScenarioError("steps", "expected an array of steps") }
        self.steps = try steps.enumerated().map { offset, step throws(ScenarioError) in
            try ScenarioStep(json: step, path: "steps[\(offset)]")
        }
        guard root["onPush"] == nil || root["onPush"]?.arrayValue != nil else {
            throw ScenarioError("onPush", "expected an array of steps")
        }
        onPush = try (root["onPush"]?.arrayValue ?? []).enumerated().map { offset, step throws(ScenarioError) in
            try ScenarioStep(json: step, path: "onPush[\(offset)]")
        }
        let located =
            self.steps.enumerated().map { ("steps[\($0.offset)]", $0.element) }
            + onPush.enumerated().map { ("onPush[\($0.offset)]", $0.element) }
        for (location, step) in located {
            let named: (tab: String, path: String)?
            switch step {
            case .selectTab(let tab): named = (tab, "\(location).selectTab")
            case .show(_, let tab?): named = (tab, "\(location).show.tab")
            default: named = nil
            }
            if let named, !tabs.contains(named.tab) {
                throw ScenarioError(named.path, "\"\(named.tab)\" is not one of app.tabs (\(tabs.joined(separator: ", ")))")
            }
        }
    }

    static let appKeys: Set<String> = [
        "tabs", "foreground", "repostInForeground", "loggedIn", "bannerDuration", "bannerGap", "bannerCapacity",
        "bannerHeight", "hookTimeout", "hook", "routes", "fieldRoutes", "fallback", "actionRoutes", "events",
        "strings",
    ]
    static let targetKeys: Set<String> = [
        "pattern", "when", "screen", "tab", "requiresAuth", "reuse", "presentation", "popToRoot", "params", "fixedParams",
    ]

    /// Refuses keys the format does not know, so a typo is not silently ignored.
    static func checkKeys(_ object: JSONValue, _ known: Set<String>, _ path: String) throws(ScenarioError) {
        guard let unknown = object.objectValue?.keys.sorted().first(where: { !known.contains($0) }) else { return }
        throw ScenarioError("\(path).\(unknown)", "unknown key; known keys are \(known.sorted().joined(separator: ", "))")
    }

    static let decisions: [String: PresentationDecision] = [
        "banner": .banner, "confirm": .confirm, "system": .system(.all), "silent": .silent, "route": .route,
        "repost": .repostAsLocal,
    ]

    private static func configuration(_ app: JSONValue, tabs: [String]) throws(ScenarioError) -> RuntimeConfiguration {
        var config = RuntimeConfiguration()
        if let style = app["foreground"] {
            guard let text = style.stringValue, let foreground = PresentationPolicy.Foreground(rawValue: text) else {
                throw ScenarioError("app.foreground", "expected banner, confirm, system or silent")
            }
            config.policy.foreground = foreground
        }
        config.policy.repostRemoteInForeground = try flag(app["repostInForeground"], "app.repostInForeground") ?? false
        config.loggedIn = try flag(app["loggedIn"], "app.loggedIn") ?? true
        config.hookTimeout = try number(app["hookTimeout"], "app.hookTimeout") ?? config.hookTimeout
        config.banner.visibleDuration = try number(app["bannerDuration"], "app.bannerDuration") ?? config.banner.visibleDuration
        config.banner.gap = try number(app["bannerGap"], "app.bannerGap") ?? config.banner.gap
        if let capacity = try number(app["bannerCapacity"], "app.bannerCapacity") {
            guard capacity >= 0, capacity <= 10_000, capacity == capacity.rounded() else {
                throw ScenarioError("app.bannerCapacity", "expected a whole number of banners from 0 to 10000")
            }
            config.banner.capacity = Int(capacity)
        }
        for (offset, route) in (app["routes"]?.arrayValue ?? []).enumerated() {
            let path = "app.routes[\(offset)]"
            guard let pattern = route["pattern"]?.stringValue else {
                throw ScenarioError(path + ".pattern", "expected a link pattern such as \"app://article/:id\"")
            }
            let (target, params) = try target(route, path, tabs: tabs)
            config.routes.append(AppRoute(pattern: pattern, target: target, dataParams: params))
        }
        for (offset, route) in (app["fieldRoutes"]?.arrayValue ?? []).enumerated() {
            let path = "app.fieldRoutes[\(offset)]"
            guard let when = route["when"]?.objectValue, !when.isEmpty else {
                throw ScenarioError(path + ".when", "expected an object of data fields to match, such as {\"type\": \"messages\"}")
            }
            let (target, params) = try target(route, path, tabs: tabs)
            config.fieldRoutes.append(
                FieldRoute(
                    when: Dictionary(uniqueKeysWithValues: when.map { (JSONPath($0.key), $0.value) }), target: target, parameters: params))
        }
        if let fallback = app["fallback"] {
            let (target, params) = try target(fallback, "app.fallback", tabs: tabs)
            config.fallback = AppRoute(pattern: "*", target: target, dataParams: params)
        }
        for (offset, route) in (app["actionRoutes"]?.arrayValue ?? []).enumerated() {
            config.actionRoutes.append(try actionRoute(route, "app.actionRoutes[\(offset)]", tabs: tabs))
        }
        for (offset, rule) in (app["events"]?.arrayValue ?? []).enumerated() {
            guard let name = rule["name"]?.stringValue, let when = rule["when"]?.objectValue else {
                throw ScenarioError("app.events[\(offset)]", "expected {\"name\": ..., \"when\": {...}}")
            }
            config.events.append(
                AppEventRule(name: name, when: Dictionary(uniqueKeysWithValues: when.map { (JSONPath($0.key), $0.value) })))
        }
        return config
    }

    /// A route's target and its data parameters (`params`: parameter name → data path).
    private static func target(_ json: JSONValue, _ path: String, tabs: [String]) throws(ScenarioError) -> (RouteTarget, [String: JSONPath])
    {
        guard json.objectValue != nil else { throw ScenarioError(path, "expected an object") }
        try checkKeys(json, targetKeys, path)
        var target = RouteTarget()
        target.screen = try text(json["screen"], path + ".screen")
        target.tab = try text(json["tab"], path + ".tab")
        if let tab = target.tab, !tabs.contains(tab) {
            throw ScenarioError(path + ".tab", "\"\(tab)\" is not one of app.tabs (\(tabs.joined(separator: ", ")))")
        }
        target.requiresAuth = try flag(json["requiresAuth"], path + ".requiresAuth") ?? false
        target.popToRoot = try flag(json["popToRoot"], path + ".popToRoot") ?? false
        if let reuse = try text(json["reuse"], path + ".reuse") {
            guard let value = RouteTarget.Reuse(rawValue: reuse) else { throw ScenarioError(path + ".reuse", "expected push or refresh") }
            target.reuse = value
        }
        if let presentation = try text(json["presentation"], path + ".presentation") {
            guard let value = RouteTarget.Presentation(rawValue: presentation) else {
                throw ScenarioError(path + ".presentation", "expected push, present or web")
            }
            target.presentation = value
        }
        if target.screen == nil && target.tab == nil && target.presentation != .web {
            throw ScenarioError(path, "needs a screen, a tab, or \"presentation\": \"web\"")
        }
        var params: [String: JSONPath] = [:]
        for (name, value) in json["params"]?.objectValue ?? [:] {
            guard let field = value.stringValue else { throw ScenarioError("\(path).params.\(name)", "expected the path of a data field") }
            params[name] = JSONPath(field)
        }
        for (name, value) in json["fixedParams"]?.objectValue ?? [:] {
            target.params[name] = value.scalarText
        }
        return (target, params)
    }

    /// An action route: `category` (optional), `action`, and either `"open": "notification"` or a target.
    private static func actionRoute(_ json: JSONValue, _ path: String, tabs: [String]) throws(ScenarioError) -> ActionRoute {
        guard var object = json.objectValue else { throw ScenarioError(path, "expected an object") }
        let category = try text(object.removeValue(forKey: "category"), path + ".category")
        guard let action = try text(object.removeValue(forKey: "action"), path + ".action") else {
            throw ScenarioError(path + ".action", "expected the action's identifier, such as \"action-open\"")
        }
        guard let open = object.removeValue(forKey: "open") else {
            let (target, params) = try target(.object(object), path, tabs: tabs)
            return ActionRoute(category: category, action: action, to: .target(target, dataParams: params))
        }
        guard open == "notification", object.isEmpty else {
            throw ScenarioError(path + ".open", "expected \"notification\" (open it as a tap does) with no target keys beside it")
        }
        return ActionRoute(category: category, action: action, to: .notification)
    }

    static func text(_ value: JSONValue?, _ path: String) throws(ScenarioError) -> String? {
        guard let value, !value.isNull else { return nil }
        guard let text = value.stringValue else { throw ScenarioError(path, "expected a string, found \(value.typeDescription)") }
        return text
    }

    static func number(_ value: JSONValue?, _ path: String) throws(ScenarioError) -> Double? {
        guard let value, !value.isNull else { return nil }
        guard let number = value.doubleValue, number.isFinite else {
            throw ScenarioError(path, "expected a number, found \(value.typeDescription)")
        }
        return number
    }

    static func flag(_ value: JSONValue?, _ path: String) throws(ScenarioError) -> Bool? {
        guard let value, !value.isNull else { return nil }
        guard let flag = value.boolValue else { throw ScenarioError(path, "expected true or false, found \(value.typeDescription)") }
        return flag
    }

    /// A strings table: an object of key → format, such as `{"new_message": "%@ wrote"}`.
    static func strings(table value: JSONValue?, _ path: String) throws(ScenarioError) -> [String: String] {
        guard let value, !value.isNull else { return [:] }
        guard let object = value.objectValue else { throw ScenarioError(path, "expected an object of key → format") }
        var table: [String: String] = [:]
        for (key, format) in object.sorted(by: { $0.key < $1.key }) {
            guard let text = format.stringValue else {
                throw ScenarioError("\(path).\(key)", "expected the key's text (a string such as \"%@ wrote\"), found \(format.typeDescription)")
            }
            table[key] = text
        }
        return table
    }

    static func strings(_ value: JSONValue?, _ path: String) throws(ScenarioError) -> [String]? {
        guard let value, !value.isNull else { return nil }
        guard let array = value.arrayValue, array.allSatisfy({ $0.stringValue != nil }) else {
            throw ScenarioError(path, "expected an array of strings")
        }
        return array.compactMap(\.stringValue)
    }
}
