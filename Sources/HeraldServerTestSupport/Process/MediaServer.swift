import Foundation

/// scripts/media_server.py in a child process on 127.0.0.1 and an ephemeral port: the
/// local HTTP server the Service Extension tests and benchmarks download from (files of
/// any size and type, wrong types, lying lengths, 404s, redirects, stalls). It exits when
/// its standard input closes (`stop()` or this process ending) or after `lifetime` seconds.
public final class MediaServer: @unchecked Sendable {
    public static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/media_server.py").path

    public let port: Int
    private let process: ChildProcess

    public init(lifetime: Double = 240) throws {
        process = try ChildProcess("python3", [Self.script, "--port", "0", "--lifetime", String(lifetime)], stdin: .pipe)
        // The first line is "PORT <n>"; read byte by byte, at most 64 bytes.
        var line = Data()
        while line.count < 64, let output = process.standardOutput, let byte = try output.read(upToCount: 1), !byte.isEmpty,
            byte != Data("\n".utf8)
        {
            line.append(byte)
        }
        guard let text = String(data: line, encoding: .utf8), text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            process.kill()
            process.wait()
            throw ServerError(
                message: "media_server.py did not start (is python3 installed?); said: \(String(decoding: line, as: UTF8.self))")
        }
        self.port = port
    }

    public struct ServerError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// `http://127.0.0.1:<port><path>`.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    public func stop() {
        try? process.standardInput?.close()
        if process.isRunning { process.kill() }
        process.wait()
    }

    deinit { stop() }
}
