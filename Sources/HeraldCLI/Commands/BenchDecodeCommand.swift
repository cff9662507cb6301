import Foundation
import HeraldCore

/// `herald bench-decode`: payloads decoded per second over a corpus, for `make bench`.
enum BenchDecodeCommand: Command {
    static let name = "bench-decode"
    static let summary = "Measure payloads decoded per second over a corpus (for make bench)"
    static let help = """
        Usage: herald bench-decode FILE... [--iterations N]

        Reads every payload once, then decodes the whole corpus N times (default
        2000), touching the same fields as Benchmarks/decode_peer.py (provider, id,
        title, body, link, attachments, data), and prints one JSON line:
          {"payloads": total decoded, "seconds": wall time, "perSecond": rate, ...}
        with the rates of Herald's JSON parser alone and of Foundation's
        JSONSerialization alone over the same corpus, for comparison.

        Options:
        \(OptionHelp.lines(spec.allOptions))
        """
    static let iterations = Option.integer("iterations", "N", in: 1...Int.max, default: 2000, "passes over the corpus")
    static let spec = Arguments.Spec([iterations.descriptor])

    static func run(_ arguments: Arguments, terminal: Terminal) async -> Int32 {
        let iterations = arguments[Self.iterations]
        let corpus: [Data]
        do {
            corpus = try PayloadInput.read(arguments.positionals, terminal: terminal).map(\.bytes)
        } catch {
            return fail("\(error)", terminal)
        }
        let decoder = PayloadDecoder()
        var checksum = 0
        var total = 0
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations {
            for bytes in corpus {
                guard let n = try? decoder.decode(bytes) else { continue }
                total += 1
                checksum &+= n.provider.rawValue.utf8.count &+ (n.id?.utf8.count ?? 0)
                checksum &+= (n.content.title?.utf8.count ?? 0) &+ (n.content.body?.utf8.count ?? 0)
                checksum &+= (n.link?.utf8.count ?? 0) &+ n.attachments.count &+ n.data.count
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        terminal.print(JSONWriter.serialize([
            "payloads": .int(total), "seconds": .double(seconds),
            "perSecond": .double((Double(total) / seconds).rounded()), "checksum": .int(checksum),
            "parseOnlyPerSecond": .double(parseRate(corpus, iterations: iterations) { _ = try? JSONParser().parse($0) }),
            "foundationParseOnlyPerSecond": .double(parseRate(corpus, iterations: iterations) {
                _ = try? JSONSerialization.jsonObject(with: $0)
            }),
        ]))
        return 0
    }

    /// Payloads per second for `parse` alone, to compare Herald's parser with Foundation's.
    private static func parseRate(_ corpus: [Data], iterations: Int, _ parse: (Data) -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations {
            for bytes in corpus { parse(bytes) }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return (Double(iterations * corpus.count) / seconds).rounded()
    }
}
