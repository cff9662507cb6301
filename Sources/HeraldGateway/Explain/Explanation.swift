import HeraldShared

/// One device's answer to "was it reached by this publish, why (not), and what did it get":
/// the document of `GET …/publishes/{id}/devices/{device}` and of each device of a preview.
struct Explanation: Equatable {
    /// Why a device was not reached (or, for a channel, cannot be known).
    enum Reason: String, Equatable {
        /// Outside the target: not one of its devices, tokens or users, not subscribed to its interests.
        case notInTarget = "not_in_target"
        /// Inside the target, refused by the publish's filter (the first failing condition).
        case filteredOut = "filtered_out"
        /// Its token was dead before the fan-out came to it.
        case invalidatedBefore = "invalidated_before"
        /// It registered after the publish fanned out.
        case registeredAfter = "registered_after"
        /// It was deleted (alone, or with its user's data).
        case deleted
        /// The publish was cancelled before the device's turn.
        case cancelled
        /// The publish has not fanned out to it yet (scheduled, queued or under way).
        case waiting
        /// The publish's fan-out was stopped before it (its `error`).
        case fanOutStopped = "fanout_stopped"
        /// It is in the target and matches now, but was not when the fan-out passed it (an
        /// interest, its user or an attribute changed since).
        case changedAfter = "changed_after"
        /// A channel's broadcast: APNs delivers it to whoever listens, unknown to Herald.
        case broadcast
    }

    var deviceID: String
    /// nil when it cannot be known (a channel).
    var reached: Bool?
    var reason: Reason?
    /// The reason in words, with the values that decided it.
    var detail: String?
    /// The rest of the document: via, variant, dueAt, capped, route, payload, attempts,
    /// state, receipts, inbox, device, gone.
    var fields: [String: JSONValue] = [:]

    var json: JSONValue {
        var object = fields
        object["deviceId"] = .string(deviceID)
        object["reached"] = reached.map(JSONValue.bool) ?? .null
        if let reason { object["reason"] = .string(reason.rawValue) }
        if let detail { object["detail"] = .string(detail) }
        return .object(object)
    }
}
