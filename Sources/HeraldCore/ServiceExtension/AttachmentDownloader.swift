/// The port that fetches attachments: a live one streams with libcurl
/// (`HeraldDownload`) or URLSession (the Apple adapter); tests use fakes on the
/// virtual clock.
///
/// `download` starts a transfer and returns at once. The downloader writes the
/// file through an `AttachmentFileWriter` made from `request.inspector`, into
/// `directory`, named `name` plus the format's extension, and calls `completion`
/// once, on the main actor. After `cancel()` it stops as soon as it can and
/// removes its partial file; a completion that still arrives is ignored (and a
/// file it reports is deleted by the pipeline).
@MainActor
public protocol AttachmentDownloader: AnyObject {
    func download(
        _ request: AttachmentRequest, into directory: String, name: String,
        completion: @escaping @MainActor (Result<SavedAttachment, AttachmentSkip>) -> Void
    ) -> any AttachmentDownload
}

/// A transfer in flight.
@MainActor
public protocol AttachmentDownload: AnyObject {
    /// Stops the transfer; calling it again or after completion does nothing.
    func cancel()
}
