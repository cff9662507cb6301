import Foundation
import HeraldAPNsSimulator
import HeraldServerTestSupport
import HeraldTestSupport

/// scripts/tls_test_server.py in a child process: a TLS server on 127.0.0.1 with a
/// certificate made here (naming `names`) and the ALPN protocols given, that completes
/// handshakes and then says nothing. For the transport's TLS refusals.
final class TLSTestServer: @unchecked Sendable {
    let port: Int
    /// The server certificate as PEM (its own CA): the client's `caFile`.
    let caFile: String
    private let folder: URL
    private let process: ChildProcess

    init(names: String = "DNS:localhost,IP:127.0.0.1,IP:::1", alpn: [String]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let certificate = try TestCertificate.make(commonName: "tls test server", server: true, names: names)
        caFile = folder.appendingPathComponent("cert.pem").path
        let keyFile = folder.appendingPathComponent("key.pem").path
        try Data(try certificate.certificatePEM().utf8).write(to: URL(fileURLWithPath: caFile))
        try Data(try certificate.key.pkcs8PEM().utf8).write(to: URL(fileURLWithPath: keyFile))
        let script = repositoryRoot.appendingPathComponent("scripts/tls_test_server.py").path
        process = try ChildProcess(
            "python3", [script, "--cert", caFile, "--key", keyFile, "--alpn", alpn.joined(separator: ",")], stdin: .pipe)
        var line = Data()
        while line.count < 64, let output = process.standardOutput, let byte = try output.read(upToCount: 1), !byte.isEmpty,
            byte != Data("\n".utf8)
        {
            line.append(byte)
        }
        guard let text = String(data: line, encoding: .utf8), text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            process.kill()
            _ = process.wait()
            throw StartError(said: String(decoding: line, as: UTF8.self))
        }
        self.port = port
    }

    struct StartError: Error, CustomStringConvertible {
        var said: String
        var description: String { "tls_test_server.py did not start (is python3 installed?); said: \(said)" }
    }

    func stop() {
        try? process.standardInput?.close()
        if process.isRunning { process.kill() }
        _ = process.wait()
        try? FileManager.default.removeItem(at: folder)
    }

    deinit { stop() }
}
