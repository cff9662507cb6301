import Foundation
import Testing

@testable import HeraldCore

@Suite("Service Extension: finding attachment URLs")
struct AttachmentLocatorTests {
    func locate(_ payload: JSONValue, _ options: AttachmentOptions = AttachmentOptions()) throws -> ([String], [SkippedAttachment]) {
        let (requests, skipped) = AttachmentLocator.locate(try PayloadDecoder().decode(payload), options: options)
        #expect(requests.map(\.index) == Array(requests.indices))
        return (requests.map(\.source), skipped)
    }

    @Test("the default paths cover post 002, FCM, OneSignal, Airship and the generic keys")
    func defaults() throws {
        #expect(try locate(ContentMutationTests.post002).0 == ["https://img.example.com/a"])
        #expect(
            try locate(["aps": ["alert": "x"], "gcm.message_id": "1", "fcm_options": ["image": "https://f.example/i.png"]]).0 == [
                "https://f.example/i.png"
            ])
        #expect(
            try locate(["aps": ["alert": "x"], "att": ["id": "https://o.example/a.jpg"], "custom": ["i": "u"]]).0 == [
                "https://o.example/a.jpg"
            ])
        #expect(
            try locate([
                "aps": ["alert": "x"], "os_data": ["i": "u", "att": ["b": "https://o.example/b.jpg", "a": "https://o.example/a.jpg"]],
            ]).0
                == ["https://o.example/a.jpg", "https://o.example/b.jpg"])
        #expect(
            try locate([
                "aps": ["alert": "x"], "com.urbanairship.media_attachment": ["urls": [["url": "https://u.example/v.mp4", "url_id": "1"]]],
            ]).0
                == ["https://u.example/v.mp4"])
        #expect(
            try locate(["aps": ["alert": "x"], "attachment-url": "https://g.example/a.gif", "media-url": "https://g.example/m.mp3"]).0
                == ["https://g.example/a.gif", "https://g.example/m.mp3"])
    }

    @Test("only the configured paths when the decoder's media are turned off; duplicates once")
    func configured() throws {
        var options = AttachmentOptions()
        options.includeDecoded = false
        options.paths = ["media.hero", "media.more"]
        let payload: JSONValue = [
            "aps": ["alert": "x"], "image": "https://d.example/decoded.jpg",
            "media": [
                "hero": "https://c.example/h.jpg",
                "more": ["https://c.example/h.jpg", ["url": "https://c.example/s.mp3", "type": "audio"]],
            ],
        ]
        let (sources, skipped) = try locate(payload, options)
        #expect(sources == ["https://c.example/h.jpg", "https://c.example/s.mp3"])
        #expect(skipped.isEmpty)
    }

    @Test("bad references are skipped with a reason; past the limit, skipped too")
    func skipped() throws {
        var options = AttachmentOptions()
        options.paths = ["m"]
        options.limits.maxCount = 2
        let payload: JSONValue = [
            "aps": ["alert": "x"],
            "m": [
                "ftp://f.example/a.jpg", "not a url", "https://", "https://a.example/1.jpg", "https://a.example/2.jpg",
                "https://a.example/3.jpg",
                "gopher://g.example/late",
            ],
        ]
        let (sources, skipped) = try locate(payload, options)
        #expect(sources == ["https://a.example/1.jpg", "https://a.example/2.jpg"])
        #expect(
            skipped.map(\.skip) == [
                AttachmentSkip(.unsupportedScheme("ftp")), AttachmentSkip(.notAURL), AttachmentSkip(.notAURL),
                AttachmentSkip(.tooMany(limit: 2)),
                AttachmentSkip(.unsupportedScheme("gopher")),  // past the limit, a bad reference still says why
            ])
    }

    @Test("file URLs and bundled resources become local files")
    func local() throws {
        let directory = MediaSamples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(MediaSamples.bytes(.jpeg)).write(to: URL(fileURLWithPath: directory + "/promo.jpg"))
        #expect(try AttachmentLocator.location(of: "file:///tmp/a%20b.jpg", resourceDirectories: []) == .file("/tmp/a b.jpg"))
        #expect(
            try AttachmentLocator.location(of: "promo.jpg", resourceDirectories: ["/nowhere", directory]) == .file(directory + "/promo.jpg")
        )
        #expect(throws: AttachmentSkip(.resourceNotFound("other.jpg"))) {
            try AttachmentLocator.location(of: "other.jpg", resourceDirectories: [directory])
        }
        #expect(throws: AttachmentSkip(.notAURL)) { try AttachmentLocator.location(of: "promo.jpg", resourceDirectories: []) }
        #expect(throws: AttachmentSkip(.notAURL)) { try AttachmentLocator.location(of: "../etc/passwd", resourceDirectories: [directory]) }
    }
}
