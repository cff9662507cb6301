import Foundation
import Testing

@testable import HeraldCore

@Suite("shared folder")
struct SharedFolderTests {
    @Test("the app and its extension open the same folder in the container, created once, and share its stores")
    func sameFolder() throws {
        let container = FileManager.default.temporaryDirectory.appendingPathComponent("herald-group-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: container) }
        try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        let app = try SharedFolder.folder(in: container)
        let appExtension = try SharedFolder.folder(in: container)
        #expect(app == appExtension && app.lastPathComponent == "Herald")
        let push = try PayloadDecoder().decode(#"{"aps": {"alert": "Hi"}, "id": "n-1"}"#)
        try Inbox(directory: appExtension).add(push)
        #expect(try Inbox(directory: app).items().map(\.id) == ["n-1"])
    }
}
