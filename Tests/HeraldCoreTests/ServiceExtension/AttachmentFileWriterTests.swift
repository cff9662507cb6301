import Foundation
import Testing

@testable import HeraldCore

@Suite("Service Extension: streaming an attachment to disk")
struct AttachmentFileWriterTests {
    func writer(_ source: String, in directory: String, limits: AttachmentLimits = AttachmentLimits()) -> AttachmentFileWriter {
        AttachmentFileWriter(inspector: AttachmentInspector(source: source, limits: limits), directory: directory, name: "a0")
    }

    @Test("chunks land in one file named for the format the bytes show")
    func chunks() throws {
        let directory = MediaSamples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let bytes = MediaSamples.bytes(.png, size: 10_000)
        let writer = writer("https://x.example/get?id=7", in: directory)
        try writer.begin(ResponseHead(status: 200, contentType: "application/octet-stream", contentLength: bytes.count))
        for start in stride(from: 0, to: bytes.count, by: 7) { try writer.write(Array(bytes[start..<min(start + 7, bytes.count)])) }
        let saved = try writer.finish()
        #expect(saved.path == directory + "/a0.png")
        #expect(saved.format == .png)
        #expect(saved.bytes == 10_000)
        #expect(try Data(contentsOf: URL(fileURLWithPath: saved.path)) == Data(bytes))
        #expect(MediaSamples.files(in: directory) == ["a0.png"])
    }

    @Test("a file shorter than the sniffing prefix is still identified")
    func tiny() throws {
        let directory = MediaSamples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let writer = writer("https://x.example/t.gif", in: directory)
        try writer.write(MediaSamples.bytes(.gif, size: 20))
        #expect(try writer.finish().path.hasSuffix("a0.gif"))
    }

    @Test("more bytes than the cap stop the download and leave no file")
    func overCap() throws {
        let directory = MediaSamples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let limits = AttachmentLimits(image: 1000, audio: 500, video: 2000)
        let writer = writer("https://x.example/i.jpg", in: directory, limits: limits)
        try writer.begin(ResponseHead(status: 200))  // no Content-Length: a lying or chunked server
        let bytes = MediaSamples.bytes(.jpeg, size: 1500)
        #expect(throws: AttachmentSkip(.tooLarge(cap: 1000, kind: .image))) {
            for start in stride(from: 0, to: bytes.count, by: 100) { try writer.write(Array(bytes[start..<start + 100])) }
        }
        writer.abort()
        #expect(MediaSamples.files(in: directory).isEmpty)
    }

    @Test("an extension-less URL whose bytes are audio gets the audio cap once they are seen")
    func capTightens() throws {
        let directory = MediaSamples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let limits = AttachmentLimits(image: 1000, audio: 500, video: 2000)
        let writer = writer("https://x.example/stream", in: directory, limits: limits)
        try writer.begin(ResponseHead(status: 200))
        #expect(throws: AttachmentSkip(.tooLarge(cap: 500, kind: .audio))) {
            try writer.write(MediaSamples.bytes(.mp3, size: 400))
            try writer.write([UInt8](repeating: 1, count: 200))
        }
    }

    @Test("an empty body, a page, and abort all leave nothing behind")
    func failures() throws {
        let directory = MediaSamples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let empty = writer("https://x.example/e.jpg", in: directory)
        try empty.begin(ResponseHead(status: 200))
        #expect(throws: AttachmentSkip(.empty)) { try empty.finish() }
        let page = writer("https://x.example/p.jpg", in: directory)
        #expect(throws: AttachmentSkip(.notMedia("HTML"))) {
            try page.write(Array(("<!doctype html><html><head><title>Error</title></head>" + String(repeating: " ", count: 64)).utf8))
        }
        page.abort()
        let partial = writer("https://x.example/v.mp4", in: directory)
        try partial.write(MediaSamples.bytes(.mp4, size: 5000))
        #expect(MediaSamples.files(in: directory) == [".a0.part"])
        partial.abort()
        partial.abort()
        #expect(MediaSamples.files(in: directory).isEmpty)
    }

    @Test("local files and bundled resources are copied through the same checks")
    func localCopy() throws {
        let directory = MediaSamples.temporaryDirectory(), out = MediaSamples.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(atPath: directory)
            try? FileManager.default.removeItem(atPath: out)
        }
        let source = directory + "/like.m4a"
        try Data(MediaSamples.bytes(.m4a, size: 200_000)).write(to: URL(fileURLWithPath: source))
        let saved = try LocalFileCopier.copy(source, with: writer("file://" + source, in: out))
        #expect(saved.format == .m4a && saved.bytes == 200_000)
        #expect(FileManager.default.fileExists(atPath: source))
        #expect(throws: AttachmentSkip(.file("no file at \(directory)/missing.jpg"))) {
            try LocalFileCopier.copy(directory + "/missing.jpg", with: writer("missing.jpg", in: out))
        }
        let small = AttachmentLimits(image: 10, audio: 10, video: 10)
        #expect(throws: AttachmentSkip(.announcedTooLarge(bytes: 200_000, cap: 10, kind: .audio))) {
            try LocalFileCopier.copy(source, with: writer("file://" + source, in: out, limits: small))
        }
        #expect(MediaSamples.files(in: out) == ["a0.m4a"])
    }
}
