import Foundation
import HeraldCore

extension ScenarioStep {
    static let kinds = [
        "launch", "uiReady", "state", "receive", "local", "passThrough", "tap", "action", "swipe", "touch", "advance", "login",
        "logout", "show", "selectTab", "clearBadge",
    ]

    /// Reads one step: an object with exactly one of the keys in `kinds`.
    init(json: JSONValue, path: String) throws(ScenarioError) {
        guard let object = json.objectValue, object.count == 1, let (kind, value) = object.first else {
            throw ScenarioError(path, "a step is an object with one key, one of \(Self.kinds.joined(separator: ", "))")
        }
        let at = "\(path).\(kind)"
        switch kind {
        case "launch":
            guard let options = value.objectValue else { throw ScenarioError(at, "expected {} or {\"notification\": {...}}") }
            self = .launch(options["notification"])
        case "uiReady":
            self = .uiReady
        case "state":
            guard let state = Self.states[value.stringValue ?? ""] else {
                throw ScenarioError(at, "expected active, inactive, background or notRunning")
            }
            self = .state(state)
        case "receive", "local":
            guard value.objectValue != nil else { throw ScenarioError(at, "expected a notification payload object") }
            self = .receive(value, local: kind == "local")
        case "passThrough":
            self = try Self.passThrough(value, at)
        case "tap":
            self = try Self.tap(value, at)
        case "action":
            guard let id = value["id"]?.stringValue else { throw ScenarioError(at + ".id", "expected the action's identifier") }
            self = .action(
                id: id, text: try Scenario.text(value["text"], at + ".text"),
                notification: try Scenario.text(value["notification"], at + ".notification"))
        case "swipe":
            guard let dy = try Scenario.number(value["dy"], at + ".dy") else { throw ScenarioError(at + ".dy", "expected the vertical translation in points") }
            self = .swipe(dy: dy, vy: try Scenario.number(value["vy"], at + ".vy") ?? 0)
        case "touch":
            guard let text = value.stringValue, text == "down" || text == "up" else { throw ScenarioError(at, "expected \"down\" or \"up\"") }
            self = .touch(down: text == "down")
        case "advance":
            guard let seconds = try Scenario.number(value, at), seconds >= 0 else { throw ScenarioError(at, "expected seconds, zero or more") }
            self = .advance(seconds)
        case "login":
            self = .login(try Scenario.flag(value, at) ?? true)
        case "logout":
            self = .login(false)
        case "show":
            guard let screen = value["screen"]?.stringValue else { throw ScenarioError(at + ".screen", "expected the screen's name") }
            let params = (value["params"]?.objectValue ?? [:]).compactMapValues(\.scalarText)
            self = .show(Screen(screen, params: params), tab: try Scenario.text(value["tab"], at + ".tab"))
        case "selectTab":
            guard let tab = value.stringValue else { throw ScenarioError(at, "expected a tab name") }
            self = .selectTab(tab)
        case "clearBadge":
            self = .clearBadge
        default:
            throw ScenarioError(path, "unknown step \"\(kind)\"; use one of \(Self.kinds.joined(separator: ", "))")
        }
    }

    private static let states: [String: AppState] = [
        "active": .active, "inactive": .inactive, "background": .background, "notRunning": .notRunning,
    ]

    /// `{"provider": "getui", "payload": JSON TEXT, "offline": BOOL, "messageId": ID, "taskId": ID}`.
    private static func passThrough(_ value: JSONValue, _ at: String) throws(ScenarioError) -> ScenarioStep {
        guard value.objectValue != nil else { throw ScenarioError(at, "expected {\"payload\": JSON TEXT, \"offline\": true or false}") }
        try Scenario.checkKeys(value, ["provider", "payload", "offline", "messageId", "taskId"], at)
        guard let payload = try Scenario.text(value["payload"], at + ".payload") else {
            throw ScenarioError(at + ".payload", "expected the message as the provider hands it over: a string of JSON")
        }
        guard let offline = try Scenario.flag(value["offline"], at + ".offline") else {
            throw ScenarioError(at + ".offline", "expected true (stored while the app was not connected) or false")
        }
        let provider = try Scenario.text(value["provider"], at + ".provider") ?? ProviderID.getui.rawValue
        return .passThrough(
            PassThroughMessage(
                provider: ProviderID(rawValue: provider), payload: Data(payload.utf8), offline: offline,
                messageID: try Scenario.text(value["messageId"], at + ".messageId"), taskID: try Scenario.text(value["taskId"], at + ".taskId")))
    }

    private static func tap(_ value: JSONValue, _ at: String) throws(ScenarioError) -> ScenarioStep {
        switch value {
        case "banner": return .tapBanner
        case "notification": return .tapNotification(id: nil)
        case "alert.show": return .answerAlert(show: true)
        case "alert.cancel": return .answerAlert(show: false)
        default:
            if let id = value["notification"]?.scalarText { return .tapNotification(id: id) }
            throw ScenarioError(at, "expected \"banner\", \"notification\", {\"notification\": ID}, \"alert.show\" or \"alert.cancel\"")
        }
    }
}
