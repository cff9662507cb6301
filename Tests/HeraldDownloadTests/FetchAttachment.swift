import Dispatch
import Foundation
import HeraldCore

/// Downloads `source` with `downloader` into `directory` as "a", waiting at most `limit`
/// seconds for the completion; `nil` when none came or the source is not a location.
@MainActor
func fetchAttachment(
    _ source: String, with downloader: any AttachmentDownloader, into directory: String,
    limits: AttachmentLimits = AttachmentLimits(), limit: Double = 20
) async -> Result<SavedAttachment, AttachmentSkip>? {
    guard let location = try? AttachmentLocatorProbe.location(source) else { return nil }
    let request = AttachmentRequest(index: 0, location: location, inspector: AttachmentInspector(source: source, limits: limits))
    return await withCheckedContinuation { continuation in
        let once = Once()
        _ = downloader.download(request, into: directory, name: "a") { result in
            if once.claim() { continuation.resume(returning: result) }
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + limit) {
            if once.claim() { continuation.resume(returning: nil) }
        }
    }
}
