import Foundation
import HeraldServerTestSupport
import HeraldTestSupport
import HeraldCore
import HeraldDownload
import Testing

/// The URLSession downloader (the one iOS uses) against the same local server, on
/// Linux's FoundationNetworking: the same core checks decide type, caps and errors.
@Suite("URLSessionAttachmentDownloader against a local server", .serialized)
@MainActor
final class URLSessionDownloaderTests {
    let server: MediaServer
    let directory: String
    let downloader = URLSessionAttachmentDownloader()

    init() throws {
        server = try MediaServer()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-us-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    func fetch(_ path: String, limits: AttachmentLimits = AttachmentLimits()) async throws -> Result<SavedAttachment, AttachmentSkip> {
        try #require(await fetchAttachment(server.url(path), with: downloader, into: directory, limits: limits), "no completion for \(path)")
    }

    @Test("types come from the bytes; the file gets the right extension and size")
    func saved() async throws {
        let jpeg = try await fetch("/m/jpeg/100000/photo").get()
        #expect(jpeg.format == .jpeg && jpeg.bytes == 100_000 && jpeg.path == directory + "/a.jpg")
        #expect(try await fetch("/m/png/2000/x.jpg?type=image/jpeg").get().format == .png)
    }

    @Test("HTTP errors, pages that are not media, and caps are skipped with their reason, leaving no file")
    func skipped() async throws {
        func reason(_ path: String, limits: AttachmentLimits = AttachmentLimits()) async throws -> AttachmentSkip.Reason? {
            guard case .failure(let skip) = try await fetch(path, limits: limits) else { return nil }
            return skip.reason
        }
        #expect(try await reason("/status/404") == .httpStatus(404))
        #expect(try await reason("/html") == .notMedia("HTML"))
        #expect(try await reason("/m/jpeg/10000001/big.jpg") == .announcedTooLarge(bytes: 10_000_001, cap: 10_000_000, kind: .image))
        let small = AttachmentLimits(image: 300_000, audio: 100_000, video: 500_000)
        #expect(try await reason("/m/jpeg/400000/big?length=none&type=none", limits: small) == .tooLarge(cap: 300_000, kind: .image))
        #expect((try FileManager.default.contentsOfDirectory(atPath: directory)).isEmpty)
    }
}
