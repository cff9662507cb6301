import Foundation

/// Streams one attachment to disk in the chunks a transport hands over, never
/// holding more than one chunk and the first `MediaSniffer.prefixLength` bytes.
///
/// A transport calls `begin(_:)` with the response head, `write(_:)` per chunk,
/// then `finish()`; any call may throw an `AttachmentSkip`, after which the
/// transport stops and calls `abort()`. The partial file is a hidden `.part`
/// file in `directory`; `finish()` renames it to `name.<extension of the format>`,
/// and `abort()` deletes it. One writer serves one transfer on one thread.
public final class AttachmentFileWriter {
    public let inspector: AttachmentInspector
    public let directory: String
    /// The file name without extension (the extension comes from the format).
    public let name: String
    public private(set) var bytesWritten = 0

    private var admission: AttachmentInspector.Admission?
    private var prefix: [UInt8] = []
    private var format: MediaFormat?
    private var cap = Int.max
    private var handle: FileHandle?
    private var partPath: String { directory + "/." + name + ".part" }
    private var finished = false

    public init(inspector: AttachmentInspector, directory: String, name: String) {
        self.inspector = inspector
        self.directory = directory
        self.name = name
    }

    deinit {
        if !finished { abort() }
    }

    /// The response head; throws when the status, type or announced size is refused.
    public func begin(_ head: ResponseHead) throws(AttachmentSkip) {
        let admission = try inspector.admit(head)
        self.admission = admission
        cap = admission.cap
    }

    /// One chunk of the body.
    public func write(_ chunk: UnsafeRawBufferPointer) throws(AttachmentSkip) {
        guard !chunk.isEmpty else { return }
        if admission == nil { try begin(ResponseHead()) }
        if bytesWritten + chunk.count > cap {
            throw AttachmentSkip(.tooLarge(cap: cap, kind: format?.kind ?? admission?.kind))
        }
        bytesWritten += chunk.count
        if format == nil {
            prefix.append(contentsOf: chunk)
            if prefix.count >= MediaSniffer.prefixLength { try identifyAndFlush() }
            return
        }
        try append(Data(chunk))
    }

    /// One chunk of the body, from a byte array (tests, file copies).
    public func write(_ bytes: [UInt8]) throws(AttachmentSkip) {
        let failure: AttachmentSkip? = bytes.withUnsafeBytes { buffer in
            do throws(AttachmentSkip) {
                try write(buffer)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// The body is complete: the file gets its name and extension.
    public func finish() throws(AttachmentSkip) -> SavedAttachment {
        if format == nil { try identifyAndFlush() }
        guard let format else { throw AttachmentSkip(.empty) }
        do {
            try handle?.close()
        } catch {
            throw AttachmentSkip(.file("cannot close \(partPath): \(error)"))
        }
        handle = nil
        let path = directory + "/" + name + "." + format.fileExtension
        do {
            if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
            try FileManager.default.moveItem(atPath: partPath, toPath: path)
        } catch {
            abort()
            throw AttachmentSkip(.file("cannot move the download to \(path): \(error)"))
        }
        finished = true
        return SavedAttachment(source: inspector.source, path: path, format: format, bytes: bytesWritten)
    }

    /// Stops: the partial file is deleted. Safe to call more than once.
    public func abort() {
        try? handle?.close()
        handle = nil
        if !finished { try? FileManager.default.removeItem(atPath: partPath) }
        finished = true
    }

    private func identifyAndFlush() throws(AttachmentSkip) {
        if self.admission == nil { self.admission = try inspector.admit(ResponseHead()) }
        guard let admission else { return }
        let (format, cap) = try inspector.identify(prefix: prefix, admission: admission)
        if bytesWritten > cap { throw AttachmentSkip(.tooLarge(cap: cap, kind: format.kind)) }
        self.format = format
        self.cap = cap
        guard FileManager.default.createFile(atPath: partPath, contents: nil), let handle = FileHandle(forWritingAtPath: partPath) else {
            throw AttachmentSkip(.file("cannot create \(partPath)"))
        }
        self.handle = handle
        let bytes = prefix
        prefix = []
        try append(Data(bytes))
    }

    private func append(_ data: Data) throws(AttachmentSkip) {
        do {
            try handle?.write(contentsOf: data)
        } catch {
            throw AttachmentSkip(.file("cannot write \(partPath): \(error)"))
        }
    }
}
