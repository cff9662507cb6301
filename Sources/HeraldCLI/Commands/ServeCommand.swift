import Dispatch
import Foundation
import HeraldCore
import HeraldGateway

/// `herald serve`: the gateway's HTTP API and its delivery workers, on a data folder or a PostgreSQL database.
enum ServeCommand: Command {
    static let name = "serve"
    static let summary = "Run the gateway: device registry, publishing API and durable delivery to APNs and FCM"
    static let help = """
        Usage: herald serve [--data DIR | --database URL] [--listen HOST:PORT] [options]

        Serves the gateway's JSON API (docs/gateway.md, docs/openapi.yaml) over HTTP/1.1
        and delivers publishes through the deliverer, from the SQLite database in DIR or
        from a PostgreSQL database. Prints 'herald serve: listening on http://HOST:PORT ...'
        on standard output once it accepts requests; stops on SIGTERM or SIGINT.

        Options:
        \(OptionHelp.lines(spec.allOptions))

        SIGTERM or SIGINT stops it gracefully: no new requests or batches, and up to 10 s
        for the batches in flight to be answered and recorded (a second signal exits at once);
        what is still unanswered then is left to the other gateways on the database at once.

        Exit status: 0 after SIGTERM or SIGINT, 2 on a usage error, 1 when the data folder,
        the database or the address cannot be used.
        """
    static func run(_ arguments: Arguments, terminal: Terminal) async -> Int32 {
        guard arguments.positionals.isEmpty else {
            return usage("unexpected argument \(arguments.positionals[0])", terminal)
        }
        let settings: ServeSettings
        do {
            settings = try ServeSettings(arguments)
        } catch {
            return usage("\(error)", terminal)
        }
        // Handlers first: a SIGTERM sent as soon as the "listening" line appears is never lost.
        let stopper = Stopper()
        let sources = installSignalHandlers { stopper.stop() }
        // The gateway runs on threads of its own (HTTP loops, the delivery engine); the
        // command only waits for a signal.
        let gateway: Gateway
        do {
            gateway = try Gateway(settings: settings)
        } catch let error as UsageError {
            return fail("\(error)", terminal)
        } catch {
            return fail("\(error)", terminal, status: 1)
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
        // Waits, holding no thread, until SIGTERM or SIGINT ends the process.
        while true {
            try? await Task.sleep(nanoseconds: 3_600_000_000_000)
            withExtendedLifetime(sources) {}
        }
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
