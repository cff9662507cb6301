import Foundation

/// A fresh folder for one test, removed when the value goes away.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("herald-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Appends raw bytes to a file in the folder, as a crashed writer would have left them.
    func append(_ bytes: [UInt8], to name: String) throws {
        let handle = try FileHandle(forWritingTo: url.appendingPathComponent(name))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(bytes))
        try handle.close()
    }

    func contents(of name: String) -> [UInt8] {
        [UInt8]((try? Data(contentsOf: url.appendingPathComponent(name))) ?? Data())
    }
}
