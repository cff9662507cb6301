import Foundation

/// Copies a local attachment (a file URL or a bundled resource) through an
/// `AttachmentFileWriter` in bounded chunks: the same type checks and caps as a
/// download, and a fresh file the system may move (a bundle is read-only).
public enum LocalFileCopier {
    /// Bytes read per chunk.
    public static let chunkSize = 64 << 10

    /// Copies `path`; `isCancelled` is checked between chunks.
    public static func copy(
        _ path: String, with writer: AttachmentFileWriter, isCancelled: () -> Bool = { false }
    ) throws(AttachmentSkip) -> SavedAttachment {
        do throws(AttachmentSkip) {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                throw AttachmentSkip(.file("no file at \(path)"))
            }
            guard let handle = FileHandle(forReadingAtPath: path) else { throw AttachmentSkip(.file("cannot read \(path)")) }
            defer { try? handle.close() }
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
            try writer.begin(ResponseHead(contentLength: size))
            while true {
                if isCancelled() { throw AttachmentSkip(.deadline) }
                let chunk: Data
                do {
                    chunk = try handle.read(upToCount: chunkSize) ?? Data()
                } catch {
                    throw AttachmentSkip(.file("cannot read \(path): \(error)"))
                }
                if chunk.isEmpty { break }
                try writer.write([UInt8](chunk))
            }
            return try writer.finish()
        } catch {
            writer.abort()
            throw error
        }
    }
}
