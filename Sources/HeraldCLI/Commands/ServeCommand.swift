import Dispatch
import Foundation
import HeraldCore
import HeraldGateway

/// `herald serve`: the gateway's HTTP API and its delivery workers, on a data folder or a PostgreSQL database.
enum ServeCommand: Command {
    static let name = "serve"
    static let summary = "Run the gateway: device registry, publishing API and durable delivery to APNs"
    static let help = """
        Usage: herald serve [--data DIR | --database URL] [--listen HOST:PORT] [options]

        Serves the gateway's JSON API (docs/gateway.md, docs/openapi.yaml) over HTTP/1.1
        and delivers publishes through the deliverer, from the SQLite database in DIR or
        from a PostgreSQL database. Prints 'herald serve: listening on http://HOST:PORT ...'
        on standard output once it accepts requests; stops on SIGTERM or SIGINT.

        Options:
          --data DIR              SQLite data folder (default ./herald-data; created with mode 0700)
          --database URL          a PostgreSQL database instead: postgres://USER:PASSWORD@HOST:PORT/DB
                                  (?sslmode=require for TLS, ?host=/run/postgresql for a socket);
                                  its tables are made or migrated at start. HERALD_DATABASE_URL
                                  does the same and keeps the password out of ps; --data wins
                                  over it. The password is never printed
          --listen HOST:PORT      numeric address to listen on (default 127.0.0.1:8080; port 0 picks one)
          --threads N             HTTP event-loop threads: sockets and deadlines, never the
                                  database (default: the number of cores, at least 2)
          --max-connections N     connections open at once (default 1024); past it a connection
                                  that has waited over 1 s for its request makes room, or 503
          --max-connections-per-ip N
                                  connections open at once from one client address (default 256;
                                  0: no cap; behind a proxy every client has the proxy's address)
          --timeout SECONDS       a connection waiting for a request, or not reading its answer,
                                  is closed after this (default 30)
          --header-timeout SECONDS
                                  a request's head must arrive within this from its first byte,
                                  else 408 (default 10)
          --body-timeout SECONDS  a request's body must arrive within this after its head, else
                                  408 (default 30)
          --handler-threads N     threads that check keys and run handlers, off the event loops;
                                  each may hold a database connection (default 16)
          --handler-timeout SECONDS
                                  a request's key check and handler (queued and running) must
                                  answer within this, else 503 with Retry-After (default 10)
          --max-body BYTES        largest request body; a larger declared length is answered 413
                                  before it is read (default 1048576)
          --max-body-memory MIB   request bodies held at once, all connections together; past it
                                  503 before the body is read (default 64)
          --api-rate-limit N      API requests per second with an app's client key from one
                                  client address, before 429 with Retry-After (default 50; 0: none)
          --api-burst N           client-key requests one address may make at once (default 500)
          --device-rate-limit N   API requests per second with one device's key (default 10;
                                  0: none)
          --device-burst N        requests one device key may make at once (default 100)
          --server-rate-limit N   API requests per second per app with its server key (default
                                  0: no limit)
          --max-interests-per-device N
                                  distinct interests one device may have (default 100)
          --max-devices-per-app N devices one app may have (default 1000000)
          --max-subscriptions-per-app N
                                  interest subscriptions (each device's interests, summed) one
                                  app may have (default 10000000)
          --max-events-per-app N  receipts (POST /events) one app may store until retention
                                  prunes them (default 100000000). Past a quota: 409
                                  quota_exceeded, nothing stored. 0: no limit
          --metrics-token TOKEN   GET /metrics then needs 'Authorization: Bearer TOKEN' and shows
                                  every series per app; without a token (or HERALD_METRICS_TOKEN,
                                  which keeps it out of ps) /metrics is open and leaves app ids out
          --console-secure-cookie the console's session cookie is always marked Secure (behind a TLS
                                  proxy; it is anyway when the proxy sends X-Forwarded-Proto: https).
                                  The console is at /console: sign in with an app id and its server key
          --trusted-proxy ADDRESS the proxy in front of the gateway (an address or CIDR block;
                                  repeat or separate by commas): its X-Forwarded-For then names
                                  the client whose wrong console sign-ins are counted (10, then
                                  one every 6 s, per app and client address)
          --retention DAYS        how long a finished publish keeps its per-device deliveries
                                  and receipts; its statistics stay (default 7; 0: forever)
          --instance-id NAME      this process's name on the database and the instance_id label of
                                  /metrics (or HERALD_INSTANCE_ID; default HOST-PID-RANDOM). Two
                                  live processes may not share one
          --lease SECONDS         PostgreSQL: a gateway not seen for this long (killed, frozen, cut
                                  off) has the deliveries it held in flight taken over by the
                                  others, which send them again (default 30; it beats every third)
          --store-timeout SECONDS each call to the database ends within this: past it (the
                                  PostgreSQL server frozen or cut off, the SQLite file locked by
                                  another process) the request is answered 503 with Retry-After
                                  and the workers try again later (default 5)
          --durability MODE       publishes (default): a publish is fsync'd before its 202, other
                                  writes survive kill -9 at once and power loss at the next flush;
                                  full: fsync every commit; normal (SQLite only): fsync at
                                  checkpoints only. On PostgreSQL, publishes lets device writes
                                  commit without waiting for their WAL flush; full waits for all
          --deliverer KIND        apns (default, once the APNs client is in the build),
                                  record:FILE   TEST MODE: append each notification to FILE as a JSON line
                                                (fsync per batch) and answer 200, sending nothing,
                                  discard       TEST MODE: answer 200 to everything, sending nothing
          --deliverer-latency MS  TEST MODE: the record/discard deliverer waits this long per batch
          --batch-size N          notifications per deliverer batch (default 500)
          --fanout-batch N        deliveries created per fan-out step (default 2000)

        SIGTERM or SIGINT stops it gracefully: no new requests or batches, and up to 10 s
        for the batches in flight to be answered and recorded (a second signal exits at once);
        what is still unanswered then is left to the other gateways on the database at once.

        Exit status: 0 after SIGTERM or SIGINT, 2 on a usage error, 1 when the data folder,
        the database or the address cannot be used.
        """
    static let spec = Arguments.Spec(
        flags: ["console-secure-cookie"],
        options: [
            "data", "database", "listen", "threads", "max-connections", "max-connections-per-ip", "timeout", "header-timeout",
            "body-timeout", "handler-threads", "handler-timeout",
            "max-body", "max-body-memory", "api-rate-limit", "retention", "durability", "deliverer",
            "deliverer-latency",
            "batch-size",
            "fanout-batch", "max-interests-per-device", "max-devices-per-app", "max-subscriptions-per-app", "max-events-per-app",
            "api-burst", "device-rate-limit", "device-burst", "server-rate-limit", "metrics-token", "instance-id", "lease",
            "store-timeout",
        ],
        repeatable: ["trusted-proxy"])

    static func run(_ arguments: Arguments, terminal: Terminal) -> Int32 {
        guard arguments.positionals.isEmpty else {
            terminal.error("herald serve: unexpected argument \(arguments.positionals[0])\nRun 'herald serve --help' for usage.")
            return 2
        }
        let settings: ServeSettings
        do {
            settings = try ServeSettings(arguments)
        } catch {
            terminal.error("herald serve: \(error)\nRun 'herald serve --help' for usage.")
            return 2
        }
        // Handlers first: a SIGTERM sent as soon as the "listening" line appears is never lost.
        let stopper = Stopper()
        let sources = installSignalHandlers { stopper.stop() }
        // The gateway runs on threads of its own (HTTP loops, the delivery engine); the
        // main thread only waits for a signal.
        let gateway: Gateway
        do {
            gateway = try Gateway(settings: settings)
        } catch let error as UsageError {
            terminal.error("herald serve: \(error)")
            return 2
        } catch {
            terminal.error("herald serve: \(error)")
            return 1
        }
        // Before the "listening" line, so whoever waits for that line has this one too.
        if gateway.recovered > 0 {
            terminal.error(
                "herald serve: \(gateway.recovered) deliveries were in flight when the last run stopped; sending them again (APNs may show them twice, see docs/gateway.md)"
            )
        }
        terminal.print(
            "herald serve: listening on http://\(gateway.listening) (\(settings.store.label), deliverer \(settings.delivererDescription))"
        )
        stopper.gateway = gateway
        // Parks the main thread until SIGTERM or SIGINT ends the process.
        withExtendedLifetime(sources) { dispatchMain() }
    }

    /// Stops the gateway gracefully (when there is one yet) and exits 0; a second signal
    /// exits at once.
    final class Stopper: @unchecked Sendable {
        private let lock = NSLock()
        private var running: Gateway?
        private var stopping = false

        var gateway: Gateway? {
            get { lock.withLock { running } }
            set { lock.withLock { running = newValue } }
        }

        func stop() {
            let gateway = lock.withLock { () -> Gateway? in
                guard !stopping, let running else { return nil }
                stopping = true
                return running
            }
            guard let gateway else { exit(0) }
            Task {
                let left = await gateway.shutdown(timeout: 10)
                if left > 0 {
                    FileHandle.standardError.write(
                        Data("herald serve: stopped with \(left) batches unanswered; they are sent again at the next start\n".utf8))
                }
                exit(0)
            }
        }
    }

    /// SIGTERM and SIGINT call `stop` on the main queue; SIGPIPE is ignored.
    private static func installSignalHandlers(_ stop: @escaping @Sendable () -> Void) -> [DispatchSourceSignal] {
        signal(SIGPIPE, SIG_IGN)
        return [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler(handler: stop)
            source.resume()
            return source
        }
    }
}
