import Foundation

/// Where the app and its extensions keep what they share (the receipts outbox, the inbox
/// and so the badge) inside their App Group container: one place both sides compute the
/// same way, so they never write to different folders.
public enum SharedFolder {
    /// The folder's name inside the container.
    public static let name = "Herald"

    /// The shared folder in `container` (from
    /// `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`), created if missing.
    public static func folder(in container: URL) throws -> URL {
        let folder = container.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
