import Foundation

/// scripts/media_server.py in a child process on 127.0.0.1 and an ephemeral port.
/// It exits when its standard input closes (`stop()` or this process ending) or
/// after `lifetime` seconds.
final class MediaServer: @unchecked Sendable {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/media_server.py").path

    let port: Int
    private let process = Process()
    private let input = Pipe()

    init(lifetime: Double = 240) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script, "--port", "0", "--lifetime", String(lifetime)]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line is "PORT <n>"; read byte by byte, at most 64 bytes.
        var line = Data()
        while line.count < 64, let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        guard let text = String(data: line, encoding: .utf8), text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            process.terminate()
            throw ServerError(
                message: "media_server.py did not start (is python3 installed?); said: \(String(decoding: line, as: UTF8.self))")
        }
        self.port = port
    }

    struct ServerError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    deinit { stop() }
}
