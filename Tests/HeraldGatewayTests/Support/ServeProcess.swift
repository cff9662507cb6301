import Foundation
import HeraldCore
import HeraldServerTestSupport
import HeraldTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `herald serve` as a child process (the built binary), on an ephemeral loopback port.
final class ServeProcess: @unchecked Sendable {
    static let executable = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/debug/herald").path

    let process: ChildProcess
    let port: UInt16
    private var errorHandle: FileHandle { process.standardError ?? FileHandle.nullDevice }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The "listening on" line.
    let firstLine: String

    /// Starts `herald serve --listen 127.0.0.1:0 ARGS` (with `environment` added to this
    /// process's) and waits for its "listening on" line.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process = try ChildProcess(
            Self.executable, ["serve", "--listen", "127.0.0.1:0"] + arguments, stdout: .pipe, stderr: .pipe,
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        var line = [UInt8]()
        let handle = process.standardOutput ?? FileHandle.nullDevice
        while true {
            let byte = handle.readData(ofLength: 1)
            guard let first = byte.first else {
                let error = String(decoding: process.standardError?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
                throw Failure(description: "herald serve exited before listening: \(error)")
            }
            if first == UInt8(ascii: "\n") { break }
            line.append(first)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "http://127.0.0.1:"), let port = UInt16(text[range.upperBound...].prefix { $0.isNumber }) else {
            throw Failure(description: "unexpected first line: \(text)")
        }
        self.port = port
        firstLine = text
    }

    /// SIGKILL: no cleanup, no flush, like a power cut for the process.
    func kill9() {
        process.kill(SIGKILL)
        process.wait()
    }

    /// SIGTERM, then the exit status; SIGKILL and -1 if it has not exited within `timeout`.
    func terminate(timeout: Double = 15) -> Int32 {
        process.kill(SIGTERM)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        guard !process.isRunning else {
            kill9()
            return -1
        }
        return process.wait()
    }

    var standardError: String { String(decoding: errorHandle.readDataToEndOfFile(), as: UTF8.self) }

    /// Deliveries the server said it found in flight at start ("N deliveries were in flight"),
    /// read from standard error without waiting for the process to end.
    func recoveredCount() -> Int {
        let fd = errorHandle.fileDescriptor
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        _ = fcntl(fd, F_SETFL, flags)
        let text = String(decoding: bytes, as: UTF8.self)
        guard let range = text.range(of: " deliveries were in flight") else { return 0 }
        let prefix = text[..<range.lowerBound]
        return Int(prefix.split(separator: " ").last ?? "") ?? 0
    }
}
