import Foundation
import Testing
@testable import HeraldGateway

@Suite("Console: assets built into the binary")
struct ConsoleAssetsTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/HeraldGateway/Console/Assets")

    static func filesOnDisk() throws -> [String: String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
        return try Dictionary(
            uniqueKeysWithValues: names.map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) })
    }

    @Test("ConsoleAssets.swift holds exactly the files of Console/Assets (else run make console-assets)")
    func generatedMatchesFiles() throws {
        let disk = try Self.filesOnDisk()
        #expect(!disk.isEmpty)
        #expect(Set(disk.keys) == Set(ConsoleAssets.files.keys), "run scripts/console_assets.py")
        for (name, text) in disk {
            #expect(ConsoleAssets.files[name]?.text == text, "\(name) differs from ConsoleAssets.swift: run scripts/console_assets.py")
        }
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
