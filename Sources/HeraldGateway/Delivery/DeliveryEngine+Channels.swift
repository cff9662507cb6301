import Foundation
import HeraldAPNsModel
import HeraldShared
import HeraldStore

/// Broadcast channels: the operations the API committed (create, delete) made at APNs,
/// and a publish's one delivery to a channel sent as a broadcast once the channel is active.
extension DeliveryEngine {
    /// Claims due channel operations up to the in-flight limit and runs each as a task
    /// (recorded when APNs answers); whether any was launched.
    func launchChannelOperations(now: Double) throws -> Bool {
        let room = policy.maxBatchesInFlight - inFlight.count
        guard room > 0 else { return false }
        let due = try store.claimChannelOperations(now: now, limit: room, hold: policy.channelOperationHold)
        for channel in due {
            guard let app = try store.app(id: channel.appID) else {
                // The app is gone: nothing can make or delete its channel any more.
                try store.completeChannelOperation(appID: channel.appID, id: channel.id, .failed(reason: "AppNotFound"), now: now)
                continue
            }
            let request: ChannelRequest
            switch (channel.state, channel.apnsChannelID) {
            case (.creating, _):
                request = .create(storagePolicy: channel.storagePolicy)
            case (.deleting, let apnsChannelID?):
                request = .delete(apnsChannelID: apnsChannelID)
            case (.deleting, nil):
                // APNs never made it: nothing to delete there.
                try store.completeChannelOperation(appID: channel.appID, id: channel.id, .deleted, now: now)
                continue
            default:
                continue
            }
            let credentials = app.credentials(for: channel.environment)
            let deliverer = self.deliverer
            let id = nextTaskID()
            inFlight[id] = Task {
                let outcome = await deliverer.manageChannel(request, bundleID: app.bundleID, credentials: credentials)
                self.finishChannelOperation(channel, outcome)
                self.inFlight[id] = nil
                self.wake()
            }
        }
        return !due.isEmpty
    }

    /// Records a channel operation's outcome: made, deleted, retried with backoff (transport
    /// failures, 5xx, 429, refused credentials), or failed with APNs' reason. A store that
    /// fails here leaves the claim to expire (`channelOperationHold`), and the operation is tried again.
    func finishChannelOperation(_ channel: ChannelRecord, _ outcome: ChannelOutcome) {
        let now = wallTime()
        let result = channelResult(channel, outcome, now: now)
        let label: String
        switch result {
        case .created: label = "created"
        case .deleted: label = "deleted"
        case .retry: label = "retried"
        case .failed(let reason):
            label = "failed"
            logger.log(.error, "herald gateway: channel \(channel.id) of app \(channel.appID) failed: \(reason)")
        }
        metrics.increment("herald_channel_operations_total", [("app", channel.appID), ("outcome", label)])
        do {
            try store.completeChannelOperation(appID: channel.appID, id: channel.id, result, now: now)
        } catch {
            logger.log(.error, "herald gateway: cannot record channel \(channel.id)'s operation yet (\(error)); it is tried again later")
        }
    }

    private func channelResult(_ channel: ChannelRecord, _ outcome: ChannelOutcome, now: Double) -> ChannelOperationResult {
        switch outcome {
        case .created(let apnsChannelID):
            return .created(apnsChannelID: apnsChannelID)
        case .deleted:
            return .deleted
        case .unsendable(let detail):
            return .failed(reason: "BadRequest: " + detail)
        case .transportFailure(let detail):
            return retryChannel(channel, reason: "TransportFailure", detail: detail, now: now)
        case .rejected(let error):
            // Deleting a channel APNs no longer knows: it is gone.
            if channel.state == .deleting && error.reason == .channelNotRegistered { return .deleted }
            switch RefusalAction(error) {
            case .retry, .pauseForCredentials:
                let notBefore = error.retryAfter.map { now + min(max(0, $0), policy.maxRetryAfter) }
                return retryChannel(channel, reason: error.reason.text, detail: "HTTP \(error.status)", now: now, notBefore: notBefore)
            case .fail, .invalidate:
                return .failed(reason: error.reason.text)
            }
        }
    }

    private func retryChannel(_ channel: ChannelRecord, reason: String, detail: String, now: Double, notBefore: Double? = nil)
        -> ChannelOperationResult
    {
        guard channel.attempts < policy.maxAttempts else { return .failed(reason: reason) }
        let retryAt = max(now + policy.backoff.delay(attempt: channel.attempts - 1, jitter: jitter()), notBefore ?? now)
        logger.log(.debug, "herald gateway: channel \(channel.id) \(reason) (\(detail)); retry \(channel.attempts) at \(retryAt)")
        return .retry(reason: reason, retryAt: retryAt)
    }

    /// A publish's delivery to a channel (its token is Herald's channel id): broadcast once
    /// the channel is active; while it is being made, looked at again without counting an
    /// attempt; failed when the channel failed or was deleted.
    func sendBroadcast(_ job: DeliveryJob, app: AppRecord, now: Double) throws {
        let channel = try store.channel(appID: app.id, id: job.token)
        let refusal: String
        switch (channel?.state, channel?.apnsChannelID) {
        case (.creating?, _):
            record([DeliveryResult(seq: job.seq, outcome: .wait(reason: "ChannelCreating", retryAt: now + policy.channelWait))], now: now)
            return
        case (.active?, let apnsChannelID?):
            launchBroadcast(job, apnsChannelID: apnsChannelID, app: app)
            return
        case (nil, _): refusal = "ChannelNotFound"
        case (.failed?, _): refusal = "ChannelFailed: " + (channel?.failureReason ?? "unknown")
        default: refusal = "ChannelDeleted"
        }
        record([DeliveryResult(seq: job.seq, outcome: .failed(reason: refusal))], now: now)
        metrics.increment("herald_deliveries_total", [("app", app.id), ("platform", PushPlatform.apns.rawValue), ("outcome", "failed")])
    }

    private func launchBroadcast(_ job: DeliveryJob, apnsChannelID: String, app: AppRecord) {
        let broadcast = OutgoingBroadcast(
            apnsChannelID: apnsChannelID, channelID: job.token, bundleID: app.bundleID, priority: job.options.priority,
            expiration: job.options.expiration, requestID: job.apnsID, payload: job.payload, publishID: job.publishID)
        let (deliverer, credentials) = (self.deliverer, app.credentials(for: job.environment))
        launch([job], app: app, now: wallTime()) { [await deliverer.broadcast(broadcast, credentials: credentials)] }
    }
}
