import Foundation
import HeraldHTTP
import HeraldShared
import HeraldStore

/// A running gateway: the store, the HTTP API on its HTTP server, and the delivery workers.
/// `herald serve` is this with options; tests start it in-process on port 0. The store is
/// any `GatewayStore`: SQLite in a data folder, or a PostgreSQL database. No main actor:
/// the engine runs on its own thread, the HTTP server on its own; any thread may stop it.
public final class GatewayService: Sendable {
    public let store: any GatewayStore
    public let api: GatewayAPI
    public let engine: DeliveryEngine
    public let metrics: GatewayMetrics
    let server: HTTPServer
    /// Deliveries a previous process left in flight, sent again (in doubt).
    public let recovered: Int
    /// Wakes the workers when another process commits a publish (PostgreSQL).
    let publishWatch: (any PublishWatch)?
    /// Probes the store every half second for `/healthz`, on a thread of its own.
    public let health: StoreHealth
    /// Sends the apps' events to their webhook endpoints and prunes the event log.
    public let webhooks: WebhookDispatcher

    /// A gateway on the SQLite data folder `data`.
    public convenience init(
        data: URL, listen: ListenAddress, http: HTTPServer.Configuration = HTTPServer.Configuration(),
        durability: SQLiteStore.Durability = .publishes, deliverer: any PushDeliverer, fcmDeliverer: (any FCMDeliverer)? = nil,
        policy: DeliveryPolicy = DeliveryPolicy(), rateLimits: APIRateLimits = APIRateLimits(), quota: DeviceQuota = DeviceQuota(),
        metricsToken: String? = nil, clock: any ServerClock = LiveServerClock(), logger: any HeraldLogger = SilentLogger()
    ) throws {
        try self.init(
            store: try SQLiteStore(directory: data, durability: durability), listen: listen, http: http, deliverer: deliverer,
            fcmDeliverer: fcmDeliverer, policy: policy, rateLimits: rateLimits, quota: quota, metricsToken: metricsToken, clock: clock, logger: logger)
    }

    /// A gateway on `store`: this process is registered and the deliveries no live process
    /// holds go back to pending first, then the workers start and the server listens.
    public init(
        store: any GatewayStore, listen: ListenAddress, http: HTTPServer.Configuration = HTTPServer.Configuration(),
        deliverer: any PushDeliverer, fcmDeliverer: (any FCMDeliverer)? = nil, policy: DeliveryPolicy = DeliveryPolicy(),
        rateLimits: APIRateLimits = APIRateLimits(), quota: DeviceQuota = DeviceQuota(), metricsToken: String? = nil, clock: any ServerClock = LiveServerClock(),
        logger: any HeraldLogger = SilentLogger(), console: ConsoleSettings = ConsoleSettings(),
        webhookPolicy: WebhookPolicy = WebhookPolicy(), webhookTransport: (any WebhookTransport)? = nil
    ) throws {
        self.store = store
        recovered = try store.recoverInFlight(now: Date().timeIntervalSince1970, lease: policy.lease)
        let metrics = GatewayMetrics(instance: store.instance.id)
        self.metrics = metrics
        let engine = DeliveryEngine(
            store: store, deliverer: deliverer, fcmDeliverer: fcmDeliverer, clock: clock, wallTime: { Date().timeIntervalSince1970 }, metrics: metrics, policy: policy,
            logger: logger)
        self.engine = engine
        // The first probe before the server listens: /healthz is right from the first request.
        let health = StoreHealth(store: store)
        health.probe()
        self.health = health
        api = GatewayAPI(
            store: store, metrics: metrics, maxBodyBytes: http.maxBodyBytes, rateLimits: rateLimits, quota: quota,
            metricsToken: metricsToken, onPublish: { engine.wake() }, logger: logger, console: console, health: health,
            feedWaits: EventFeedWaits(clock: clock), webhooks: webhookPolicy)
        webhooks = WebhookDispatcher(
            store: store, transport: webhookTransport, policy: webhookPolicy, owner: store.instance.id, clock: clock, metrics: metrics,
            logger: logger)
        let publishWatch = try store.watchPublishes { engine.wake() }
        self.publishWatch = publishWatch
        let api = self.api
        health.start()
        do {
            server = try HTTPServer(
                address: listen, configuration: http, counters: HTTPServerCounters(metrics: metrics), head: { api.head($0) })
        } catch {
            health.stop()
            publishWatch?.stop()
            throw error
        }
        engine.start()
        webhooks.start()
    }

    /// Where it listens, with the actual port.
    public var listening: String {
        ListenAddress(host: server.address.host, port: server.port).description
    }

    public var port: UInt16 { server.port }

    /// What the HTTP layer refused, timed out or evicted.
    public var httpCounters: HTTPServerCounters { server.counters }

    /// Request bodies the HTTP server holds now, in bytes.
    public var bodyBytesHeld: Int { server.bodyBytesHeld }

    /// Stops the HTTP server (waiting for its threads) and the workers.
    public func stop() {
        server.stop()
        health.stop()
        publishWatch?.stop()
        engine.stop()
        webhooks.stop()
        try? store.leave()
    }

    /// A graceful stop: no new requests (those being answered finish), no new batches,
    /// and up to `timeout` seconds for the batches in flight to be answered and recorded.
    /// Returns the batches still out: their deliveries are left for the other processes
    /// on the store (at once) or the next start, in doubt.
    @discardableResult
    public func shutdown(timeout: Double = 10) async -> Int {
        server.stop()
        health.stop()
        publishWatch?.stop()
        let left = await engine.drain(timeout: timeout)
        webhooks.stop()
        try? store.leave()
        return left
    }
}
