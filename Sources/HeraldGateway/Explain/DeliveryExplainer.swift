import Foundation
import HeraldShared
import HeraldStore

/// Explains one publish to one device, after it was sent (from the store's facts) and
/// before (a preview: the same judgement on a publish not committed). Both take the same
/// path, so a preview says what the explanation will say for every device whose state does
/// not change in between. The device is judged as it is now; where a fact is gone
/// (retention pruned the deliveries) the answer says which.
struct DeliveryExplainer {
    var publish: PublishFacts
    var bundleID: String

    /// After sending: the delivery the fan-out made (or why it made none).
    func explain(_ facts: ExplanationFacts, now: Double) -> Explanation {
        let id = facts.device?.record.id ?? facts.deleted?.id ?? ""
        let record = publish.record
        var explanation: Explanation
        if let delivery = facts.delivery {
            if delivery.deadAtFanOut {
                explanation = Explanation(
                    deviceID: id, reached: false, reason: .invalidatedBefore,
                    detail: "its token was already dead when the fan-out came to it (\(delivery.reason ?? "Unregistered"))")
            } else if delivery.state == .cancelled {
                explanation = Explanation(
                    deviceID: id, reached: false, reason: .cancelled,
                    detail: "the publish was cancelled at \(Self.time(publish.updatedAt)) before this delivery was sent")
            } else {
                explanation = Explanation(deviceID: id, reached: true)
                addReached(&explanation, device: facts.device, delivery: delivery, now: now)
            }
        } else if let deleted = facts.deleted {
            explanation = Explanation(
                deviceID: id, reached: false, reason: .deleted,
                detail: "the device was deleted at \(Self.time(deleted.deletedAt))\(deleted.byUserDeletion ? " with its user's data" : "")")
        } else if let device = facts.device {
            explanation = judge(device, now: now)
            if publish.pruned {
                explanation.fields["gone"] = ["delivery", "attempts", "receipts"]
                explanation.fields["judgedNow"] = true
            } else if explanation.reached == true {
                explanation = Explanation(deviceID: id, reached: false)
                (explanation.reason, explanation.detail) = missing(device)
            }
        } else {
            explanation = Explanation(deviceID: id)
        }
        if let device = facts.device { explanation.fields["device"] = Self.device(device.record) }
        if let deleted = facts.deleted { explanation.fields["device"] = ["id": .string(deleted.id), "deletedAt": .double(deleted.deletedAt)] }
        if !facts.receipts.isEmpty { explanation.fields["receipts"] = .array(facts.receipts.map(Self.receipt)) }
        if publish.keepsInboxMessage { explanation.fields["inbox"] = Self.inbox(facts.inbox, messageID: record.id) }
        if record.status == .done || record.status == .cancelled || publish.pruned {
            explanation.fields["publishStatus"] = .string(record.status.rawValue)
        }
        return explanation
    }

    /// Before sending: whether the fan-out would reach the device now, and what it would send.
    func preview(_ device: DeviceFacts, now: Double) -> Explanation {
        var explanation = judge(device, now: now)
        explanation.fields["device"] = Self.device(device.record)
        return explanation
    }

    /// The device judged against the target and the filter as it is now: outside, filtered
    /// out, dead, or reached with what it gets.
    private func judge(_ device: DeviceFacts, now: Double) -> Explanation {
        let id = device.record.id
        switch TargetMembership.of(publish.record.target, device) {
        case .outside(let why):
            return Explanation(deviceID: id, reached: false, reason: .notInTarget, detail: why)
        case .unknowable(let why):
            return Explanation(deviceID: id, reached: nil, reason: .broadcast, detail: why)
        case .member:
            if let mismatch = publish.record.filter?.mismatch(for: device.record) {
                return Explanation(deviceID: id, reached: false, reason: .filteredOut, detail: "\(mismatch.path): \(mismatch.detail)")
            }
            if let dead = device.record.invalidatedAt {
                return Explanation(
                    deviceID: id, reached: false, reason: .invalidatedBefore,
                    detail: "its token was dead since \(Self.time(dead)) (\(device.record.invalidReason ?? "Unregistered"))")
            }
            var explanation = Explanation(deviceID: id, reached: true)
            addReached(&explanation, device: device, delivery: nil, now: now)
            return explanation
        }
    }

    /// Why a device the fan-out would reach now got no delivery of a committed publish.
    private func missing(_ device: DeviceFacts) -> (Explanation.Reason, String) {
        let record = publish.record
        switch record.status {
        case .cancelled:
            return (.cancelled, "the publish was cancelled at \(Self.time(publish.updatedAt)) before the fan-out came to it")
        case .scheduled, .queued:
            return (.waiting, "the publish has not fanned out yet: it is \(record.status.rawValue), due at \(Self.time(publish.dueAt))")
        case .sending where !publish.fanOutDone:
            return (.waiting, "the publish is fanning out and has not come to this device yet")
        default: break
        }
        if let error = record.error { return (.fanOutStopped, "the fan-out was stopped before this device: \(error)") }
        if device.record.createdAt > publish.dueAt {
            return (
                .registeredAfter,
                "the device registered at \(Self.time(device.record.createdAt)), after the publish fanned out from \(Self.time(publish.dueAt))"
            )
        }
        return (
            .changedAfter,
            "the device is in the target and matches the filter now, but was not when the fan-out passed it: an interest, its user or an attribute changed since"
        )
    }

    /// An instant as RFC 3339 UTC with seconds.
    static func time(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }
}
