import Foundation
import HeraldAuth
import HeraldShared
import Testing
@testable import HeraldGateway
@testable import HeraldHTTP
@testable import HeraldStore

@Suite("Console: assets built into the binary")
struct ConsoleAssetsTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/HeraldGateway/Console/Assets")

    static func filesOnDisk() throws -> [String: String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
        return try Dictionary(
            uniqueKeysWithValues: names.map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) })
    }

    @Test("every file of Console/Assets is served with its bytes and its type, and nothing else is built in")
    func builtInAssetsAreTheFilesOnDisk() throws {
        let disk = try Self.filesOnDisk()
        #expect(!disk.isEmpty)
        #expect(Set(disk.keys) == Set(ConsoleAssets.files.keys))
        let types = ["html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8"]
        let h = try APIHarness(.sqlite)
        for (name, text) in disk {
            let response = h.send("GET", "/console/\(name)")
            #expect(response.status == 200, "\(name)")
            #expect(response.body == Array(text.utf8), "\(name) is served with other bytes than the file's")
            #expect(response.header("Content-Type") == types[(name as NSString).pathExtension], "\(name)")
        }
    }

    @Test("the version is the digest of the files' names and texts, so it changes with any of them")
    func versionIsTheFilesDigest() throws {
        var digested: [UInt8] = []
        for (name, text) in try Self.filesOnDisk().sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            digested += Array(name.utf8) + [0] + Array(text.utf8) + [0]
        }
        #expect(ConsoleAssets.version == String(Hex.encode(SHA256.hash(digested)).prefix(16)))
        #expect(try #require(APIHarness(.sqlite).send("GET", "/console/app.js").header("ETag")) == "\"\(ConsoleAssets.version)\"")
    }

    @Test("If-None-Match with the current ETag, in a list, weak, or *, answers 304 with the ETag and no body")
    func notModified() throws {
        let h = try APIHarness(.sqlite)
        let etag = "\"\(ConsoleAssets.version)\""
        for condition in [etag, "\"0123456789abcdef\", \(etag)", "W/\(etag)", "*", " \"other\",W/\(etag) "] {
            for path in ["/console", "/console/app.js"] {
                let response = h.send("GET", path, headers: ["If-None-Match": condition])
                #expect(response.status == 304, "\(path) with If-None-Match: \(condition)")
                #expect(response.body.isEmpty && response.header("Content-Type") == nil)
                #expect(response.header("ETag") == etag)
                #expect(response.header("Cache-Control") == "no-cache")
                Self.expectSecurityHeaders(response)
            }
        }
        let wire = h.send("GET", "/console", headers: ["If-None-Match": etag]).wire(keepAlive: true, http10: false)
        let head = String(decoding: wire, as: UTF8.self)
        #expect(head.hasPrefix("HTTP/1.1 304 Not Modified\r\n"))
        #expect(!head.lowercased().contains("content-length"), "a 304 must not say a length other than the 200's")
        #expect(head.hasSuffix("\r\n\r\n"))
    }

    @Test("another ETag, or none, gets the file; a missing file is 404 whatever the ETag")
    func modified() throws {
        let h = try APIHarness(.sqlite)
        for condition in ["\"0123456789abcdef\"", "\"\(ConsoleAssets.version)-old\"", "W/\"other\", \"stale\"", ConsoleAssets.version] {
            let response = h.send("GET", "/console/app.js", headers: ["If-None-Match": condition])
            #expect(response.status == 200, "If-None-Match: \(condition)")
            #expect(response.body == Array((ConsoleAssets.files["app.js"]?.text ?? "").utf8))
        }
        #expect(h.send("GET", "/console/secret.txt", headers: ["If-None-Match": "*"]).status == 404)
    }

    @Test("no asset writes HTML from data, evaluates code or inlines a script or a style")
    func noHTMLFromData() throws {
        for (name, asset) in ConsoleAssets.files {
            for banned in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"] {
                #expect(!asset.text.contains(banned), "\(name) uses \(banned)")
            }
        }
        let page = try #require(ConsoleAssets.files["index.html"]?.text)
        #expect(page.components(separatedBy: "<script").count - 1 == page.components(separatedBy: "<script type=\"module\" src=").count - 1)
        #expect(!page.contains(" style=") && !page.contains("<style"))
        #expect(page.range(of: #"\son[a-z]+="#, options: .regularExpression) == nil, "an inline event handler")
    }

    @Test("each file is served with its content type, revalidation and the console's security headers")
    func served() throws {
        let h = try APIHarness(.sqlite)
        for (path, type) in [
            ("/console", "text/html; charset=utf-8"), ("/console/", "text/html; charset=utf-8"),
            ("/console/app.js", "text/javascript; charset=utf-8"),
            ("/console/console.css", "text/css; charset=utf-8"),
        ] {
            let response = h.send("GET", path)
            #expect(response.status == 200, "\(path)")
            #expect(response.header("Content-Type") == type, "\(path)")
            #expect(response.header("Cache-Control") == "no-cache")
            Self.expectSecurityHeaders(response)
        }
        let missing = h.send("GET", "/console/secret.txt")
        #expect(missing.status == 404)
        Self.expectSecurityHeaders(missing)
    }

    static func expectSecurityHeaders(_ response: HTTPResponse, sourceLocation: SourceLocation = #_sourceLocation) {
        let policy = response.header("Content-Security-Policy") ?? ""
        #expect(policy.contains("default-src 'self'"), sourceLocation: sourceLocation)
        #expect(policy.contains("script-src 'self';"), sourceLocation: sourceLocation)
        #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"), sourceLocation: sourceLocation)
        #expect(policy.contains("frame-ancestors 'none'"), sourceLocation: sourceLocation)
        #expect(response.header("X-Content-Type-Options") == "nosniff", sourceLocation: sourceLocation)
        #expect(response.header("X-Frame-Options") == "DENY", sourceLocation: sourceLocation)
        #expect(response.header("Referrer-Policy") == "same-origin", sourceLocation: sourceLocation)
    }
}

extension HTTPResponse {
    /// The first header of that name, any case.
    func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
}
