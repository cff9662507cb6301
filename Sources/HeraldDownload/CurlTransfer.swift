#if canImport(CCurl)
import CCurl
import Foundation
import HeraldCore

/// One attachment download on a libcurl easy handle: headers and body chunks go
/// straight from libcurl's callbacks into an `AttachmentFileWriter`, so at most
/// one chunk (libcurl's 16 KiB buffer) is in memory. Lives on the loop's thread.
final class CurlTransfer: @unchecked Sendable {
    let handle: UnsafeMutableRawPointer
    let writer: AttachmentFileWriter
    let completion: @Sendable (Result<SavedAttachment, AttachmentSkip>) -> Void
    /// Why a callback stopped the transfer, when one did.
    private(set) var skip: AttachmentSkip?
    private var begun = false
    /// Whether the response whose headers are arriving named a Location (a redirect libcurl follows).
    private var sawLocation = false
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

    /// Sets up the easy handle; throws when libcurl refuses an option.
    init(
        url: String, writer: AttachmentFileWriter, options: CurlDownloader.Options,
        completion: @escaping @Sendable (Result<SavedAttachment, AttachmentSkip>) -> Void
    ) throws(AttachmentSkip) {
        guard let handle = curl_easy_init() else { throw AttachmentSkip(.transfer("curl_easy_init failed")) }
        self.handle = handle
        self.writer = writer
        self.completion = completion
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let me = Unmanaged.passUnretained(self).toOpaque()
        let writeCallback: herald_curl_data_callback = { data, size, count, user in
            guard let data, let user else { return 0 }
            return Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue().received(data, size * count)
        }
        let headerCallback: herald_curl_data_callback = { data, size, count, user in
            guard let data, let user else { return 0 }
            return Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue().header(data, size * count)
        }
        try check(herald_curl_easy_setopt_string(handle, CURLOPT_URL, url), "URL")
        try check(herald_curl_easy_restrict_to_http(handle), "protocols")
        try check(herald_curl_easy_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1), "follow redirects")
        try check(herald_curl_easy_setopt_long(handle, CURLOPT_MAXREDIRS, options.maxRedirects), "max redirects")
        try check(herald_curl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1), "no signals")
        try check(herald_curl_easy_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, options.connectTimeoutMilliseconds), "connect timeout")
        try check(herald_curl_easy_setopt_string(handle, CURLOPT_USERAGENT, options.userAgent), "user agent")
        try check(herald_curl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer), "error buffer")
        try check(herald_curl_easy_setopt_callback(handle, CURLOPT_WRITEFUNCTION, writeCallback), "write callback")
        try check(herald_curl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, me), "write data")
        try check(herald_curl_easy_setopt_callback(handle, CURLOPT_HEADERFUNCTION, headerCallback), "header callback")
        try check(herald_curl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, me), "header data")
    }

    deinit {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    /// The transfer ended with `code`: the file is finished, or the reason it is not.
    func finish(_ code: CURLcode) -> Result<SavedAttachment, AttachmentSkip> {
        do throws(AttachmentSkip) {
            if let skip { throw skip }
            guard code == CURLE_OK else {
                let detail = String(cString: errorBuffer)
                throw AttachmentSkip(.transfer(detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail))
            }
            if !begun { try beginFromInfo() }
            return .success(try writer.finish())
        } catch {
            writer.abort()
            return .failure(error)
        }
    }

    /// Stopped before the end (cancelled): the partial file goes.
    func abandon() {
        writer.abort()
    }

    private func check(_ code: CURLcode, _ what: String) throws(AttachmentSkip) {
        guard code == CURLE_OK else {
            throw AttachmentSkip(.transfer("libcurl refused \(what): \(String(cString: curl_easy_strerror(code)))"))
        }
    }

    /// A header line. The blank line ends a response's headers: for the final
    /// response (not a redirect that will be followed, not 1xx) the head is checked.
    private func header(_ data: UnsafeMutablePointer<CChar>, _ length: Int) -> Int {
        guard !begun else { return length }
        let isBlank = length <= 2 && (length == 0 || data[0] == 0x0D || data[0] == 0x0A)
        guard isBlank else {
            let line = UnsafeRawBufferPointer(start: data, count: min(length, 9))
            if line.starts(with: "HTTP/".utf8) { sawLocation = false }
            if line.count == 9, String(decoding: line, as: UTF8.self).lowercased() == "location:" { sawLocation = true }
            return length
        }
        var status = 0
        _ = herald_curl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        if status < 200 || ((300..<400).contains(status) && sawLocation) { return length }
        do {
            try beginFromInfo()
            return length
        } catch {
            skip = error
            return 0
        }
    }

    private func beginFromInfo() throws(AttachmentSkip) {
        begun = true
        var status = 0
        _ = herald_curl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var type: UnsafeMutablePointer<CChar>?
        _ = herald_curl_easy_getinfo_string(handle, CURLINFO_CONTENT_TYPE, &type)
        var length: curl_off_t = -1
        _ = herald_curl_easy_getinfo_off_t(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length)
        try writer.begin(
            ResponseHead(
                status: status == 0 ? nil : status, contentType: type.map { String(cString: $0) },
                contentLength: length >= 0 ? Int(length) : nil))
    }

    /// A body chunk; returning less than `length` makes libcurl stop with a write error.
    private func received(_ data: UnsafeMutablePointer<CChar>, _ length: Int) -> Int {
        do {
            if !begun { try beginFromInfo() }
            try writer.write(UnsafeRawBufferPointer(start: data, count: length))
            return length
        } catch {
            skip = error
            return 0
        }
    }
}
#endif
