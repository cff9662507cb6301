#if canImport(CCurl)
import Dispatch
import Foundation
import HeraldCore

/// The live `AttachmentDownloader` for Linux (and macOS): http and https through
/// libcurl's multi interface on one thread, files and bundled resources copied on
/// a background queue; every byte streams through an `AttachmentFileWriter`.
/// Completions come back on the main actor.
@MainActor
public final class CurlDownloader: AttachmentDownloader {
    /// Transfer settings that are not about the attachment itself.
    public struct Options: Sendable {
        public var maxRedirects = 5
        public var connectTimeoutMilliseconds = 10_000
        public var userAgent = "Herald-NSE/0.1"
        public init() {}
    }

    public let options: Options
    private var loop: CurlMultiLoop?
    private let localCopies = Counter()

    /// Whether every transfer has ended, cancelled ones included (their partial files are gone).
    public var isIdle: Bool { (loop?.isIdle ?? true) && localCopies.value == 0 }

    public init(options: Options = Options()) {
        self.options = options
    }

    public func download(
        _ request: AttachmentRequest, into directory: String, name: String,
        completion: @escaping @MainActor (Result<SavedAttachment, AttachmentSkip>) -> Void
    ) -> any AttachmentDownload {
        let writer = AttachmentFileWriter(inspector: request.inspector, directory: directory, name: name)
        let deliver: @Sendable (Result<SavedAttachment, AttachmentSkip>) -> Void = { result in
            DispatchQueue.main.async { MainActor.assumeIsolated { completion(result) } }
        }
        switch request.location {
        case .file(let path):
            return LocalCopy(path: path, writer: writer, counter: localCopies, completion: deliver)
        case .remote(let url):
            do throws(AttachmentSkip) {
                let loop: CurlMultiLoop
                if let existing = self.loop {
                    loop = existing
                } else {
                    loop = try CurlMultiLoop()
                    self.loop = loop
                }
                let transfer = try CurlTransfer(url: url, writer: writer, options: options, completion: deliver)
                loop.add(transfer)
                return Handle(loop: loop, transfer: transfer)
            } catch {
                deliver(.failure(error))
                return Handle(loop: nil, transfer: nil)
            }
        }
    }

    /// A libcurl transfer in flight.
    final class Handle: AttachmentDownload {
        private var loop: CurlMultiLoop?
        private var transfer: CurlTransfer?

        init(loop: CurlMultiLoop?, transfer: CurlTransfer?) {
            self.loop = loop
            self.transfer = transfer
        }

        func cancel() {
            if let loop, let transfer { loop.cancel(transfer) }
            loop = nil
            transfer = nil
        }
    }

    /// A local file copied on a background queue, checking for cancellation between chunks.
    final class LocalCopy: AttachmentDownload, @unchecked Sendable {
        private nonisolated let flag = CancelFlag()

        init(
            path: String, writer: AttachmentFileWriter, counter: Counter,
            completion: @escaping @Sendable (Result<SavedAttachment, AttachmentSkip>) -> Void
        ) {
            let box = WriterBox(writer)
            counter.add(1)
            DispatchQueue.global().async { [self] in
                defer { counter.add(-1) }
                let result: Result<SavedAttachment, AttachmentSkip>
                do throws(AttachmentSkip) {
                    result = .success(try LocalFileCopier.copy(path, with: box.writer) { self.isCancelled })
                } catch {
                    result = .failure(error)
                }
                if !isCancelled { completion(result) }
            }
        }

        nonisolated var isCancelled: Bool { flag.isSet }

        func cancel() {
            flag.set()
        }
    }

    /// A count shared with background work.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func add(_ delta: Int) { lock.withLock { count += delta } }
    }

    /// A flag set once, read from any thread.
    final class CancelFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }

    /// Hands a writer to the one background thread that uses it.
    private final class WriterBox: @unchecked Sendable {
        let writer: AttachmentFileWriter
        init(_ writer: AttachmentFileWriter) { self.writer = writer }
    }
}
#endif
