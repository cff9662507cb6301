import Foundation
import HeraldShared

/// The connections of one client, and the bound on requests in flight across them.
///
/// A request first takes a permit (suspending while all are taken: back-pressure),
/// then goes to the connection with the fewest requests in flight. Requests for another
/// origin (APNs' channel management API, FCM's token endpoint) go to one connection of
/// their own per origin, made on first use. Every connection shares one TLS context.
package final class H2ConnectionPool: Sendable {
    private let connections: [H2Connection]
    private let others = Locked<[String: H2Connection]>([:])
    private let settings: H2Settings
    private let context: Result<TLSClientContext, TransportError>
    private let logger: any HeraldLogger
    private let load: Locked<[Int]>
    private let permits: AsyncSemaphore
    package let capacity: Int

    package init(settings: H2Settings, count: Int, logger: any HeraldLogger) throws(TransportError) {
        // A server that closes while a request is written must cost the request, not the
        // process: SIGPIPE's default action would end it (OpenSSL writes with write(2)).
        signal(SIGPIPE, SIG_IGN)
        // A context that cannot be made (a wrong .p12 password, a bad CA file) fails each
        // request with its error, as a connection that cannot be made does.
        context = Result { () throws(TransportError) in try TLSClientContext(caFile: settings.caFile, certificate: settings.certificate)
        }
        var made: [H2Connection] = []
        for index in 0..<count {
            do {
                made.append(try H2Connection(index: index, origin: settings.route.origin, settings: settings, context: context, logger: logger))
            } catch {
                for connection in made { connection.stop() }
                throw error
            }
        }
        connections = made
        self.settings = settings
        self.logger = logger
        load = Locked(Array(repeating: 0, count: count))
        capacity = count * settings.maxConcurrentStreams
        permits = AsyncSemaphore(permits: capacity)
    }

    /// Sends one request and waits for its reply.
    package func perform(_ request: H2Request) async -> TransportReply {
        await permits.acquire()
        return await withCheckedContinuation { (continuation: CheckedContinuation<TransportReply, Never>) in
            submit(request) { reply in continuation.resume(returning: reply) }
        }
    }

    /// Takes up to `limit` permits, suspending until a refill's worth is free (a quarter
    /// of the capacity, or `limit` if less); each must be spent with `submit`.
    ///
    /// Refilling by quarters keeps at least three quarters of the window in flight while
    /// the sender and the connection threads wake once per refill, not per request.
    package func acquire(upTo limit: Int) async -> Int {
        await permits.acquire(upTo: limit, minimum: Self.refill(capacity: capacity))
    }

    package static func refill(capacity: Int) -> Int {
        max(1, capacity / 4)
    }

    /// Gives back a permit taken with `acquire(upTo:)` and not spent.
    package func releaseUnused() {
        permits.release()
    }

    /// Hands one request to the least busy connection of its origin; the caller holds a
    /// permit, which is given back before `completion` runs (on the connection's thread).
    package func submit(_ request: H2Request, completion: @escaping @Sendable (TransportReply) -> Void) {
        let route = request.route ?? settings.route
        var request = request
        request.path = route.path(request.path)
        if route.origin == settings.route.origin {
            let index = load.withLock { load -> Int in
                var best = 0
                for i in load.indices where load[i] < load[best] { best = i }
                load[best] += 1
                return best
            }
            return connections[index].submit(
                TransportJob(request: request) { [load, permits] reply in
                    load.withLock { $0[index] -= 1 }
                    permits.release()
                    completion(reply)
                })
        }
        let job = TransportJob(request: request) { [permits] reply in
            permits.release()
            completion(reply)
        }
        do throws(TransportError) {
            try connection(for: route.origin).submit(job)
        } catch {
            job.completion(.failure(error))
        }
    }

    /// The connection for an origin other than the pool's own, made on first use.
    private func connection(for origin: H2Origin) throws(TransportError) -> H2Connection {
        try others.withLock { others -> Result<H2Connection, TransportError> in
            if let existing = others[origin.prefix] { return .success(existing) }
            let made = Result { () throws(TransportError) in
                try H2Connection(
                    index: connections.count + others.count, origin: origin, settings: settings, context: context, logger: logger)
            }
            if case .success(let connection) = made { others[origin.prefix] = connection }
            return made
        }.get()
    }

    /// Requests in flight now, over all connections.
    package var inFlight: Int { load.withLock { $0.reduce(0, +) } }

    /// Finishes what is in flight and ends every connection's thread.
    package func stop() {
        for connection in connections { connection.stop() }
        for connection in others.withLock({ $0.values }) { connection.stop() }
    }
}
