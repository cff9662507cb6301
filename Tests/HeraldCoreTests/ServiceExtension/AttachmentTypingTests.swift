import Foundation
import Testing

@testable import HeraldCore

@Suite("Service Extension: attachment type and caps")
struct AttachmentTypingTests {
    @Test("magic bytes name every format Apple attaches", arguments: MediaFormat.allCases)
    func sniff(_ format: MediaFormat) {
        #expect(MediaSniffer.format(of: MediaSamples.bytes(format)) == format)
    }

    @Test("an MP3 without ID3 is told by its frame header; other bytes are not media")
    func mp3Frame() {
        #expect(MediaSniffer.format(of: [0xFF, 0xFB, 0x90, 0x64] + [UInt8](repeating: 0, count: 60)) == .mp3)
        #expect(MediaSniffer.format(of: [0xFF, 0xFF, 0xFF, 0xFF]) == nil)
        #expect(MediaSniffer.format(of: Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == nil)
        #expect(MediaSniffer.format(of: [0, 0, 0, 0x18] + Array("ftypqt  ".utf8)) == nil)
        #expect(MediaSniffer.format(of: [0, 0, 0, 0x18] + Array("ftypheic".utf8)) == nil)
        #expect(MediaSniffer.format(of: []) == nil)
    }

    @Test("pages are told apart from media")
    func pages() {
        #expect(MediaSniffer.textKind(of: Array("\n<!DOCTYPE html><html>".utf8)) == "HTML")
        #expect(MediaSniffer.textKind(of: Array(#"{"error":"not found"}"#.utf8)) == "JSON")
        #expect(MediaSniffer.textKind(of: Array("<?xml version=\"1.0\"?>".utf8)) == "XML")
        #expect(MediaSniffer.textKind(of: Array("Not Found".utf8)) == "text")
        #expect(MediaSniffer.textKind(of: MediaSamples.bytes(.jpeg)) == nil)
    }

    @Test("declared type: filename query item, then Content-Type, then path extension")
    func declaredOrder() {
        func declared(_ url: String, _ type: String?) -> MediaFormat? {
            AttachmentInspector(source: url).declaredFormat(contentType: type)
        }
        #expect(declared("https://x.example/get?id=1&filename=clip.mp4", "image/png") == .mp4)
        #expect(declared("https://x.example/get?filename=a%20b.m4a", nil) == .m4a)
        #expect(declared("https://x.example/photo.gif", "image/png") == .png)
        #expect(declared("https://x.example/photo.gif", "application/octet-stream") == .gif)
        #expect(declared("https://x.example/photo", "application/octet-stream") == nil)
        #expect(declared("https://x.example/a.JPEG?v=2#top", nil) == .jpeg)
        #expect(declared("https://x.example/a.webp", nil) == nil)
    }

    @Test("the bytes win over a declared type that disagrees; a page is refused")
    func bytesWin() throws {
        let inspector = AttachmentInspector(source: "https://x.example/a.png")
        let admission = try inspector.admit(ResponseHead(status: 200, contentType: "image/png"))
        #expect(try inspector.identify(prefix: MediaSamples.bytes(.jpeg), admission: admission).0 == .jpeg)
        #expect(throws: AttachmentSkip(.notMedia("HTML"))) {
            try inspector.identify(prefix: Array("<html><body>gone</body></html>".utf8), admission: admission)
        }
        // Bytes no sniffer knows: the declared format stands.
        let unknown: [UInt8] = [0x47, 0x40, 0x11, 0x10, 0x00, 0x42, 0xF0, 0x25] + [UInt8](repeating: 0xFF, count: 80)
        #expect(try inspector.identify(prefix: unknown, admission: admission).0 == .png)
        let undeclared = try AttachmentInspector(source: "https://x.example/a").admit(ResponseHead(status: 200))
        #expect(throws: AttachmentSkip(.unsupportedType("a file of unknown type"))) {
            try AttachmentInspector(source: "https://x.example/a").identify(prefix: unknown, admission: undeclared)
        }
    }

    @Test("status and Content-Length are checked before any byte")
    func admit() throws {
        let inspector = AttachmentInspector(source: "https://x.example/v.mp4")
        #expect(throws: AttachmentSkip(.httpStatus(404))) { try inspector.admit(ResponseHead(status: 404)) }
        #expect(throws: AttachmentSkip(.empty)) { try inspector.admit(ResponseHead(status: 200, contentLength: 0)) }
        #expect(throws: AttachmentSkip(.announcedTooLarge(bytes: 50_000_001, cap: 50_000_000, kind: .video))) {
            try inspector.admit(ResponseHead(status: 200, contentLength: 50_000_001))
        }
        #expect(try inspector.admit(ResponseHead(status: 200, contentLength: 50_000_000)).cap == 50_000_000)
        let image = AttachmentInspector(source: "https://x.example/i")
        #expect(throws: AttachmentSkip(.announcedTooLarge(bytes: 10_000_001, cap: 10_000_000, kind: .image))) {
            try image.admit(ResponseHead(status: 200, contentType: "image/webp", contentLength: 10_000_001))
        }
        // No type yet: the largest cap until the bytes tell, then the kind's.
        let unknown = try image.admit(ResponseHead(status: 200, contentLength: 6_000_000))
        #expect(unknown.cap == 50_000_000)
        #expect(throws: AttachmentSkip(.announcedTooLarge(bytes: 6_000_000, cap: 5_000_000, kind: .audio))) {
            try image.identify(prefix: MediaSamples.bytes(.mp3), admission: unknown)
        }
    }

    @Test("a payload-declared kind sets the cap when nothing else does")
    func declaredKind() throws {
        let inspector = AttachmentInspector(source: "https://x.example/a", declaredKind: .audio)
        #expect(try inspector.admit(ResponseHead(status: 200)).cap == 5_000_000)
    }
}
