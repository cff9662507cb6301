import Foundation
import Testing
@testable import HeraldGateway
@testable import HeraldHTTP

/// docs/gateway.md and docs/openapi.yaml name what the code has; these keep them true.
@Suite("gateway documentation")
struct GatewayDocumentationTests {
    static let root = OpenAPIConformanceTests.root

    static func read(_ path: String) -> String {
        (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    @Test("every metric the gateway exports is in docs/gateway.md")
    func metrics() {
        let text = Self.read("docs/gateway.md")
        for name in GatewayMetrics.help.keys { #expect(text.contains("`\(name)`"), "\(name)") }
    }

    @Test("every route is in docs/openapi.yaml with its method, and in the API table of docs/gateway.md")
    func routes() {
        let spec = Self.read("docs/openapi.yaml")
        let guide = Self.read("docs/gateway.md")
        for route in GatewayAPI.routes {
            let path = "/" + route.pattern.map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : $0 }.joined(separator: "/")
            guard let start = spec.range(of: "\n  \(path):\n") else {
                Issue.record("\(path) is not in docs/openapi.yaml")
                continue
            }
            let rest = spec[start.upperBound...]
            let block = String(rest).components(separatedBy: "\n  /").first ?? ""
            #expect(block.contains("    \(route.method.lowercased()):"), "\(route.method) \(path)")
            let documented = path.replacingOccurrences(of: "{device}", with: "{id}").replacingOccurrences(of: "{publish}", with: "{id}")
            #expect(guide.contains("`\(route.method) \(documented)"), "\(route.method) \(documented) in docs/gateway.md")
        }
    }

    @Test("docs/gateway.md lists each route under the scope it declares, and every audit action")
    func scopes() {
        let guide = Self.read("docs/gateway.md")
        let lines = guide.components(separatedBy: "\n")
        for route in GatewayAPI.routes {
            guard let scope = route.scope else { continue }
            let path = "/" + route.pattern.map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : $0 }.joined(separator: "/")
            let row = lines.first { $0.hasPrefix("| `\(scope.rawValue)` |") } ?? ""
            #expect(row.contains("`\(route.method) \(path)`"), "\(route.method) \(path) under `\(scope.rawValue)` in docs/gateway.md")
            if let action = route.audit { #expect(guide.contains("`\(action)`"), "\(action) in docs/gateway.md") }
        }
    }

    @Test("every error code the API answers is in the Error schema")
    func errorCodes() throws {
        let spec = Self.read("docs/openapi.yaml")
        var codes: Set<String> = []
        for folder in ["API", "Teams", "Console"] {
            let sources = try FileManager.default.subpathsOfDirectory(
                atPath: Self.root.appendingPathComponent("Sources/HeraldGateway/\(folder)").path)
            for file in sources where file.hasSuffix(".swift") {
                let text = Self.read("Sources/HeraldGateway/\(folder)/\(file)")
                for match in text.matches(of: /APIError\(\s*\d{3}, "([a-z_]+)"/) { codes.insert(String(match.1)) }
            }
        }
        #expect(codes.count >= 8)
        // The HTTP layer's own refusals share the shape and the schema.
        let http = Self.read("Sources/HeraldHTTP/HTTPProtocolError.swift")
        let httpCodes = Set(http.matches(of: /code: "([a-z_]+)"/).map { String($0.1) })
        #expect(httpCodes.count >= 8)
        codes.formUnion(httpCodes)
        let schema = spec.components(separatedBy: "    Error:").last ?? ""
        for code in codes { #expect(schema.contains(code), "\(code)") }
    }
}
