import Foundation
import HeraldShared

/// What `bench-apns` and `bench-fcm` measure of one batch: its size, how many succeeded,
/// the wall time, and this process's CPU time while it ran.
struct BenchMeasurement: Sendable {
    var count: Int
    var accepted: Int
    var seconds: Double
    var cpuSeconds: Double

    /// Runs `send` and measures it.
    static func batch<T>(_ send: () async -> [Result<T, any Error>]) async -> BenchMeasurement {
        let cpuBefore = processCPUSeconds()
        let start = DispatchTime.now().uptimeNanoseconds
        let results = await send()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let cpu = processCPUSeconds() - cpuBefore
        return BenchMeasurement(
            count: results.count, accepted: results.filter { (try? $0.get()) != nil }.count, seconds: seconds, cpuSeconds: cpu)
    }

    /// A bench through a client of its own: `warm` first (the connection opens, and any access
    /// token is fetched, outside the measurement), then `batch` measured and its line printed.
    /// Exit status: 0 when all `count` were accepted, 1 when not, 2 when no client could be
    /// made or the batch did not finish within an hour.
    static func run<Client: SessionClient, T>(
        _ client: Client.Type, _ configuration: Client.Configuration, command: String, count: Int, connections: Int, streams: Int,
        terminal: Terminal, warm: @escaping @Sendable (Client) async -> Void,
        batch: @escaping @Sendable (Client) async -> [Result<T, any Error>]
    ) async -> Int32 {
        let outcome = await ClientSession.run(client, configuration) { client in
            await warm(client)
            return await BenchMeasurement.batch { await batch(client) }
        }
        switch outcome {
        case .success(let measured)?:
            terminal.print(measured.line(connections: connections, streams: streams))
            return measured.accepted == count ? 0 : 1
        case .failure(let error)?:
            terminal.error("herald \(command): \(error)")
            return 2
        case nil:
            terminal.error("herald \(command): did not finish within an hour")
            return 2
        }
    }

    /// The JSON line the bench commands print: count, accepted, seconds, rate, cpuSeconds, connections, streams.
    func line(connections: Int, streams: Int) -> String {
        JSONWriter.serialize([
            "count": .int(count), "accepted": .int(accepted), "seconds": .double(seconds), "rate": .double(Double(count) / seconds),
            "cpuSeconds": .double(cpuSeconds), "connections": .int(connections), "streams": .int(streams),
        ])
    }

    /// User plus system CPU seconds of this process so far (every thread).
    private static func processCPUSeconds() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
