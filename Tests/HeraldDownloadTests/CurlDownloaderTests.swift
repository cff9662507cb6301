import Dispatch
import Foundation
import HeraldServerTestSupport
import HeraldTestSupport
import HeraldCore
import HeraldDownload
import Testing

/// The libcurl downloader against a real local server: types, caps, errors,
/// redirects, stalls and cancellation, with nothing left on disk.
@Suite("CurlDownloader against a local server", .serialized)
@MainActor
final class CurlDownloaderTests {
    let server: MediaServer
    let directory: String
    let downloader = CurlDownloader()

    init() throws {
        server = try MediaServer()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-dl-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    var files: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted() }

    /// Downloads `source` and waits for the completion (at most `limit` seconds).
    func fetch(_ source: String, limits: AttachmentLimits = AttachmentLimits(), limit: Double = 20) async -> Result<
        SavedAttachment, AttachmentSkip
    >? {
        await fetchAttachment(source, with: downloader, into: directory, limits: limits, limit: limit)
    }

    func saved(_ path: String, _ query: String = "") async throws -> SavedAttachment {
        let result = try #require(await fetch(server.url(path) + query), "no completion for \(path)")
        return try result.get()
    }

    func skipped(_ path: String, limits: AttachmentLimits = AttachmentLimits()) async throws -> AttachmentSkip.Reason {
        for file in files { try FileManager.default.removeItem(atPath: directory + "/" + file) }
        let result = try #require(await fetch(server.url(path), limits: limits), "no completion for \(path)")
        guard case .failure(let skip) = result else { throw AttachmentSkip(.unknown("\(path) was saved")) }
        #expect(files.isEmpty, "\(path) left \(files)")
        return skip.reason
    }

    @Test("a file with an extension, and one without, land with the right extension and size")
    func plain() async throws {
        let jpeg = try await saved("/m/jpeg/100000/photo.jpg")
        #expect(jpeg.format == .jpeg && jpeg.bytes == 100_000 && jpeg.path == directory + "/a.jpg")
        #expect((try FileManager.default.attributesOfItem(atPath: jpeg.path)[.size] as? Int) == 100_000)
        let audio = try await saved("/m/m4a/3000/track", "?type=none")
        #expect(audio.format == .m4a && audio.path.hasSuffix("/a.m4a"))
        #expect(files == ["a.jpg", "a.m4a"])
    }

    @Test("a wrong Content-Type or extension loses to the bytes")
    func wrongType() async throws {
        #expect(try await saved("/m/jpeg/2000/x", "?type=text/plain").format == .jpeg)
        #expect(try await saved("/m/png/2000/x.jpg", "?type=image/jpeg").format == .png)
        #expect(try await saved("/m/mp3/2000/x.bin", "?type=application/octet-stream").format == .mp3)
        #expect(try await saved("/m/mp4/2000/download", "?type=none").format == .mp4)
    }

    @Test("over the cap: refused from Content-Length, or stopped while streaming")
    func caps() async throws {
        #expect(try await skipped("/m/jpeg/10000001/big.jpg") == .announcedTooLarge(bytes: 10_000_001, cap: 10_000_000, kind: .image))
        let small = AttachmentLimits(image: 300_000, audio: 100_000, video: 500_000)
        #expect(try await skipped("/m/jpeg/400000/big?length=none&type=none", limits: small) == .tooLarge(cap: 300_000, kind: .image))
        #expect(
            try await skipped("/m/mp3/200000/song?type=none", limits: small)
                == .announcedTooLarge(bytes: 200_000, cap: 100_000, kind: .audio))
    }

    @Test("missing or lying Content-Length")
    func lyingLength() async throws {
        #expect(try await saved("/m/gif/5000/a.gif", "?length=none").bytes == 5000)
        #expect(try await saved("/m/gif/5000/a.gif", "?length=1000").bytes == 1000)
        guard case .transfer = try await skipped("/m/gif/1000/a.gif?length=5000") else { return #expect(Bool(false)) }
    }

    @Test("404, an HTML page with 200, an empty body, a refused connection")
    func errors() async throws {
        #expect(try await skipped("/status/404") == .httpStatus(404))
        #expect(try await skipped("/m/jpeg/100/a.jpg?status=500") == .httpStatus(500))
        #expect(try await skipped("/html") == .notMedia("HTML"))
        #expect(try await skipped("/m/png/0/empty.png") == .empty)
        let closed = try #require(await fetch("http://127.0.0.1:9/a.jpg"))
        guard case .failure(let skip) = closed, case .transfer = skip.reason else { return #expect(Bool(false)) }
    }

    @Test("redirects are followed up to the limit")
    func redirects() async throws {
        #expect(try await saved("/redirect/3/m/wav/4000/sound").format == .wav)
        guard case .transfer(let message) = try await skipped("/redirect/9/m/wav/4000/sound") else { return #expect(Bool(false)) }
        #expect(message.lowercased().contains("redirect"))
    }

    @Test("a slow drip completes")
    func drip() async throws {
        #expect(try await saved("/drip/aiff/3000", "?chunk=500&interval=0.02").format == .aiff)
    }

    @Test("cancelling a stalled transfer stops it and removes its partial file; no completion follows")
    func cancelStalled() async throws {
        for path in ["/stall", "/stall-body/mp4/1000000"] {
            let request = AttachmentRequest(
                index: 0, location: .remote(server.url(path)), inspector: AttachmentInspector(source: server.url(path)))
            var completions = 0
            let task = downloader.download(request, into: directory, name: "s") { _ in completions += 1 }
            try await Task.sleep(for: .milliseconds(300))
            task.cancel()
            task.cancel()
            for _ in 0..<100 where !files.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
            #expect(files.isEmpty, "\(path): \(files)")
            try await Task.sleep(for: .milliseconds(100))
            #expect(completions == 0)
        }
        // The loop still serves new transfers afterwards.
        #expect(try await saved("/m/png/100/after.png").format == .png)
    }

    @Test("several transfers in parallel")
    func parallel() async throws {
        let formats: [MediaFormat] = [.jpeg, .png, .mp3, .mp4, .wav]
        var pending = formats.count
        var results: [Int: MediaFormat] = [:]
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            for (index, format) in formats.enumerated() {
                let source = server.url("/m/\(format.rawValue)/\(200_000 + index)/f?type=none")
                let request = AttachmentRequest(index: index, location: .remote(source), inspector: AttachmentInspector(source: source))
                _ = downloader.download(request, into: directory, name: "p\(index)") { result in
                    if case .success(let file) = result { results[index] = file.format }
                    pending -= 1
                    if pending == 0 { continuation.resume() }
                }
            }
        }
        #expect(results == Dictionary(uniqueKeysWithValues: formats.enumerated().map { ($0, $1) }))
        #expect(files.count == 5)
    }

    @Test("file URLs are copied through the same checks")
    func fileURL() async throws {
        let source = directory + "/../herald-src-\(UUID().uuidString).mp3"
        try Data([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 1, count: 5000)).write(to: URL(fileURLWithPath: source))
        defer { try? FileManager.default.removeItem(atPath: source) }
        let result = try #require(await fetch("file://" + source))
        #expect(try result.get().format == .mp3)
        #expect(files == ["a.mp3"])
    }
}

/// Resolves a URL as the pipeline would (http(s) or file).
enum AttachmentLocatorProbe {
    static func location(_ source: String) throws -> AttachmentRequest.Location {
        if source.hasPrefix("file://") { return .file(String(source.dropFirst(7))) }
        return .remote(source)
    }
}

/// A flag that is claimed once, from any thread.
final class Once: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false
    func claim() -> Bool {
        lock.withLock {
            defer { claimed = true }
            return !claimed
        }
    }
}
