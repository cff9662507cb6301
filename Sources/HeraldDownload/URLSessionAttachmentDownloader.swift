import Foundation
import HeraldCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Service Extension's downloader on Apple platforms: URLSession data tasks whose
/// bytes go through the core's `AttachmentFileWriter` as they arrive, so a 50 MB video
/// is never in memory; the writer decides type and caps, as libcurl's downloader does.
@MainActor
public final class URLSessionAttachmentDownloader: AttachmentDownloader {
    private let configuration: URLSessionConfiguration

    public init(configuration: URLSessionConfiguration = .ephemeral) {
        self.configuration = configuration
    }

    public func download(
        _ request: AttachmentRequest, into directory: String, name: String,
        completion: @escaping @MainActor (Result<SavedAttachment, AttachmentSkip>) -> Void
    ) -> any AttachmentDownload {
        let writer = AttachmentFileWriter(inspector: request.inspector, directory: directory, name: name)
        let transfer = URLSessionTransfer(writer: writer, completion: completion)
        if case .remote(let text) = request.location, let url = URL(string: text) {
            transfer.start(url, configuration: configuration)
        } else {
            transfer.fail(AttachmentSkip(.notAURL))
        }
        return URLSessionDownload(transfer: transfer)
    }
}

/// The pipeline's handle on a transfer.
@MainActor
final class URLSessionDownload: AttachmentDownload {
    let transfer: URLSessionTransfer
    init(transfer: URLSessionTransfer) { self.transfer = transfer }
    func cancel() { transfer.cancel() }
}

/// One transfer: URLSession's delegate calls arrive on a private serial queue, which
/// alone touches the writer; the result reaches the main actor once.
final class URLSessionTransfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let queue: OperationQueue = {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        return queue
    }()
    private let writer: AttachmentFileWriter
    private let completion: @MainActor (Result<SavedAttachment, AttachmentSkip>) -> Void
    private var session: URLSession?
    private var failure: AttachmentSkip?
    private var reported = false

    init(writer: AttachmentFileWriter, completion: @escaping @MainActor (Result<SavedAttachment, AttachmentSkip>) -> Void) {
        self.writer = writer
        self.completion = completion
    }

    func start(_ url: URL, configuration: URLSessionConfiguration) {
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
        self.session = session
        session.dataTask(with: url).resume()
    }

    func cancel() {
        queue.addOperation { [self] in
            failure = failure ?? AttachmentSkip(.deadline)
            session?.invalidateAndCancel()
        }
    }

    func fail(_ skip: AttachmentSkip) {
        queue.addOperation { [self] in report(.failure(skip)) }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode
        let length = response.expectedContentLength >= 0 ? Int(response.expectedContentLength) : nil
        do {
            try writer.begin(ResponseHead(status: status, contentType: response.mimeType, contentLength: length))
            completionHandler(.allow)
        } catch {
            failure = error
            completionHandler(.cancel)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard failure == nil else { return }
        do {
            try data.withUnsafeBytes { chunk in try writer.write(chunk) }
        } catch {
            failure = error as? AttachmentSkip ?? AttachmentSkip(.file("\(error)"))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        session.finishTasksAndInvalidate()
        if let failure {
            writer.abort()
            return report(.failure(failure))
        }
        if let error {
            writer.abort()
            return report(.failure(AttachmentSkip(.transfer(error.localizedDescription))))
        }
        do {
            report(.success(try writer.finish()))
        } catch {
            writer.abort()
            report(.failure(error))
        }
    }

    private func report(_ result: Result<SavedAttachment, AttachmentSkip>) {
        guard !reported else { return }
        reported = true
        let completion = completion
        DispatchQueue.main.async { MainActor.assumeIsolated { completion(result) } }
    }
}
