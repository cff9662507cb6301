import Foundation

/// One request of a Notification Service Extension, from the instant iOS hands it over
/// until it is delivered: the content handler is armed at once, on the system's thread,
/// so `timeWillExpire()` delivers the content as received even when the pipeline has not
/// been built yet (it is built on the main actor, which may come later).
///
/// ```swift
/// // didReceive(_:withContentHandler:), on the system's thread:
/// let session = ServiceExtensionSession { delivery in contentHandler(apply(delivery)) }
/// DispatchQueue.main.async { MainActor.assumeIsolated { session.run(payload) { gate in makePipeline(gate) } } }
/// // serviceExtensionTimeWillExpire, on the system's thread:
/// session.timeWillExpire()
/// ```
public final class ServiceExtensionSession: @unchecked Sendable {
    /// The exactly-once hand-over the pipeline delivers through.
    public let gate: DeliveryGate<ServiceDelivery>
    private let lock = NSLock()
    private var pipeline: ServiceExtensionPipeline?
    private var expired = false

    /// Arms the gate with `contentHandler` now; the best attempt until the pipeline runs
    /// is the content as received.
    public init(contentHandler: @escaping @Sendable (ServiceDelivery) -> Void) {
        gate = DeliveryGate(bestAttempt: .unchanged(reason: "iOS ended the extension before the pipeline started"))
        gate.arm(contentHandler)
    }

    /// Builds the pipeline on `gate` and starts it on `payload`, unless time already expired
    /// (the content as received was delivered; nothing more is done).
    @MainActor
    public func run(_ payload: JSONValue, makePipeline: (DeliveryGate<ServiceDelivery>) -> ServiceExtensionPipeline) {
        let pipeline: ServiceExtensionPipeline? = lock.withLock {
            guard !expired, self.pipeline == nil else { return nil }
            let made = makePipeline(gate)
            self.pipeline = made
            return made
        }
        pipeline?.start(payload)
    }

    /// `serviceExtensionTimeWillExpire`, on any thread: the best attempt is delivered on
    /// this thread now (the content as received when the pipeline has not started).
    public func timeWillExpire() {
        let running: ServiceExtensionPipeline? = lock.withLock {
            expired = true
            return pipeline
        }
        if let running {
            running.timeWillExpireFromAnyThread()
        } else {
            gate.deliverBestAttempt()
        }
    }

    /// The pipeline, once `run` built it.
    public var current: ServiceExtensionPipeline? { lock.withLock { pipeline } }
}
