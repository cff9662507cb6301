import HeraldHTTP
import HeraldStore


extension GatewayAPI {
    /// At most this many events per request.
    static let maxEventsPerRequest = 1000
    /// At most this many characters in an `actionId`: a category action's identifier is a
    /// short name, and each different one a device reports is one more stored row.
    static let maxActionIDLength = 64

    /// POST /v1/apps/{app}/events: 202 with what became of them (`EventTally`).
    func recordEvents(_ context: Context) throws -> HTTPResponse {
        let reader = try JSONObjectReader(try body(context))
        try reader.allow(["events"])
        guard let value = reader.object["events"] else { throw ValidationError("events", "is required: an array of events") }
        guard case .array(let elements) = value, (1...Self.maxEventsPerRequest).contains(elements.count) else {
            throw ValidationError("events", "expected an array of 1 to \(Self.maxEventsPerRequest) events")
        }
        let now = self.now()
        var events: [DeviceEvent] = []
        for (index, element) in elements.enumerated() {
            let event = try JSONObjectReader(element, path: "events[\(index)]")
            try event.allow(["publishId", "deviceId", "event", "actionId", "at", "facts"])
            let publishID = try event.string("publishId", required: true) ?? ""
            try FieldRules.identifier(publishID, event.field("publishId"))
            // A device key names its device: the field may be left out.
            var deviceID = try event.string("deviceId") ?? ""
            if deviceID.isEmpty, case .device(let own)? = context.principal { deviceID = own }
            guard !deviceID.isEmpty else { throw ValidationError(event.field("deviceId"), "is required") }
            try FieldRules.identifier(deviceID, event.field("deviceId"))
            let kindText = try event.string("event", required: true) ?? ""
            guard let kind = DeviceEvent.Kind(rawValue: kindText) else {
                throw ValidationError(
                    event.field("event"), "\"\(kindText)\" is not delivered, opened, dismissed, action, presented or routed")
            }
            let actionID = try event.string("actionId", maxLength: Self.maxActionIDLength)
            if kind == .action && actionID == nil { throw ValidationError(event.field("actionId"), "is required for an action event") }
            if kind != .action && actionID != nil { throw ValidationError(event.field("actionId"), "only action events have one") }
            guard let at = try event.number("at") else { throw ValidationError(event.field("at"), "is required: seconds since 1970") }
            guard at > 0, at < 4_102_444_800 else { throw ValidationError(event.field("at"), "\(at) is not seconds since 1970") }
            // A device's clock ahead of the gateway's cannot put a receipt in the future.
            let facts = try ReceiptFactsFields.facts(event)
            events.append(DeviceEvent(publishID: publishID, deviceID: deviceID, kind: kind, actionID: actionID, at: min(at, now), facts: facts))
        }
        try checkEventDevices(Set(events.map(\.deviceID)), context)
        let tally = try store.recordEvents(appID: context.appID, events, quota: quota)
        for kind in DeviceEvent.Kind.allCases {
            let count = events.filter { $0.kind == kind }.count
            if count > 0 {
                metrics.increment("herald_events_total", [("app", context.appID), ("event", kind.rawValue)], by: Double(count))
            }
        }
        return .json(
            202,
            [
                "accepted": .int(tally.accepted), "duplicates": .int(tally.duplicates), "pending": .int(tally.pending),
                "unknownPublishes": .int(tally.unknownPublishes), "notTargeted": .int(tally.notTargeted), "notSent": .int(tally.notSent),
            ])
    }
}
