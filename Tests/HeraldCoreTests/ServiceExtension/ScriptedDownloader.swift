import Foundation

@testable import HeraldCore

/// A downloader on the virtual clock: each source succeeds (writing a real file),
/// fails or hangs after a scripted delay. `honorsCancel` false plays a transport
/// that completes anyway; `duplicates` calls completion twice.
@MainActor
final class ScriptedDownloader: AttachmentDownloader {
    enum Step {
        case succeed(after: Double, MediaFormat, bytes: Int)
        case fail(after: Double, AttachmentSkip)
        case hang
    }

    final class Transfer: AttachmentDownload {
        var timer: ClockTimer?
        var isCancelled = false
        let honorsCancel: Bool
        init(honorsCancel: Bool) { self.honorsCancel = honorsCancel }
        func cancel() {
            isCancelled = true
            if honorsCancel { timer?.cancel() }
        }
    }

    let clock: VirtualClock
    var script: [String: Step]
    var honorsCancel = true
    var duplicates = false
    private(set) var started: [String] = []
    private(set) var transfers: [String: Transfer] = [:]

    init(clock: VirtualClock, script: [String: Step] = [:]) {
        self.clock = clock
        self.script = script
    }

    var cancelled: [String] { transfers.filter { $0.value.isCancelled }.map(\.key).sorted() }

    func download(
        _ request: AttachmentRequest, into directory: String, name: String,
        completion: @escaping @MainActor (Result<SavedAttachment, AttachmentSkip>) -> Void
    ) -> any AttachmentDownload {
        started.append(request.source)
        let transfer = Transfer(honorsCancel: honorsCancel)
        transfers[request.source] = transfer
        let repeats = duplicates ? 2 : 1
        switch script[request.source] ?? .hang {
        case .succeed(let delay, let format, let bytes):
            transfer.timer = clock.schedule(after: delay) {
                let writer = AttachmentFileWriter(inspector: request.inspector, directory: directory, name: name)
                let result: Result<SavedAttachment, AttachmentSkip>
                do throws(AttachmentSkip) {
                    try writer.begin(ResponseHead(status: 200, contentLength: bytes))
                    try writer.write(MediaSamples.bytes(format, size: bytes))
                    result = .success(try writer.finish())
                } catch {
                    writer.abort()
                    result = .failure(error)
                }
                for _ in 0..<repeats { completion(result) }
            }
        case .fail(let delay, let skip):
            transfer.timer = clock.schedule(after: delay) { for _ in 0..<repeats { completion(.failure(skip)) } }
        case .hang:
            break
        }
        return transfer
    }
}

/// Counts handler calls from any thread, and remembers the last delivery.
final class HandlerLog: @unchecked Sendable {
    private let lock = NSLock()
    private var deliveries: [ServiceDelivery] = []
    var count: Int { lock.withLock { deliveries.count } }
    var last: ServiceDelivery? { lock.withLock { deliveries.last } }
    func record(_ delivery: ServiceDelivery) { lock.withLock { deliveries.append(delivery) } }
}
