import HeraldCore

/// The connections of one client, and the bound on requests in flight across them.
///
/// A request first takes a permit (suspending while all are taken: back-pressure),
/// then goes to the connection with the fewest requests in flight.
final class APNSConnectionPool: Sendable {
    private let connections: [CurlConnection]
    private let load: Locked<[Int]>
    private let permits: AsyncSemaphore
    let capacity: Int

    init(settings: CurlSettings, count: Int, logger: any HeraldLogger) throws(APNSTransportError) {
        var made: [CurlConnection] = []
        for index in 0..<count {
            do {
                made.append(try CurlConnection(index: index, settings: settings, logger: logger))
            } catch {
                for connection in made { connection.stop() }
                throw error
            }
        }
        connections = made
        load = Locked(Array(repeating: 0, count: count))
        capacity = count * settings.maxConcurrentStreams
        permits = AsyncSemaphore(permits: capacity)
    }

    /// Sends one request and waits for its reply.
    func perform(_ method: TransportMethod = .post, url: String, headers: [String], body: [UInt8]) async -> TransportReply {
        await permits.acquire()
        return await withCheckedContinuation { (continuation: CheckedContinuation<TransportReply, Never>) in
            submit(method, url: url, headers: headers, body: body) { reply in continuation.resume(returning: reply) }
        }
    }

    /// Takes up to `limit` permits, suspending until a refill's worth is free (a quarter
    /// of the capacity, or `limit` if less); each must be spent with `submit`.
    ///
    /// Refilling by quarters keeps at least three quarters of the window in flight while
    /// the sender and the connection threads wake once per refill, not per request.
    func acquire(upTo limit: Int) async -> Int {
        await permits.acquire(upTo: limit, minimum: Self.refill(capacity: capacity))
    }

    static func refill(capacity: Int) -> Int {
        max(1, capacity / 4)
    }

    /// Gives back a permit taken with `acquire(upTo:)` and not spent.
    func releaseUnused() {
        permits.release()
    }

    /// Hands one request to the least busy connection; the caller holds a permit,
    /// which is given back before `completion` runs (on the connection's thread).
    func submit(
        _ method: TransportMethod = .post, url: String, headers: [String], body: [UInt8],
        completion: @escaping @Sendable (TransportReply) -> Void
    ) {
        let index = load.withLock { load -> Int in
            var best = 0
            for i in load.indices where load[i] < load[best] { best = i }
            load[best] += 1
            return best
        }
        connections[index].submit(
            TransportJob(method: method, url: url, headers: headers, body: body) { [load, permits] reply in
                load.withLock { $0[index] -= 1 }
                permits.release()
                completion(reply)
            })
    }

    /// Requests in flight now, over all connections.
    var inFlight: Int { load.withLock { $0.reduce(0, +) } }

    /// Finishes what is in flight and ends every connection's thread.
    func stop() {
        for connection in connections { connection.stop() }
    }
}
