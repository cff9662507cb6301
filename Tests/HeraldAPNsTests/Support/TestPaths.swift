import Foundation

/// The repository root, for fixtures and scripts.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// The path of a file in Tests/HeraldAPNsTests/Fixtures.
func fixture(_ name: String) -> String {
    repositoryRoot.appendingPathComponent("Tests/HeraldAPNsTests/Fixtures").appendingPathComponent(name).path
}

/// A fresh temporary folder, removed after `body`.
func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async rethrows -> T {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("herald-apns-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try await body(url)
}
