/// Tells a media format from a file's first bytes (its magic numbers), so an
/// attachment served without an extension or with the wrong Content-Type still
/// gets the right one.
public enum MediaSniffer {
    /// How many leading bytes `format(of:)` needs to decide.
    public static let prefixLength = 64

    /// The format the bytes start with, among Apple's attachment formats.
    public static func format(of bytes: some Collection<UInt8>) -> MediaFormat? {
        let b = Array(bytes.prefix(prefixLength))
        func at(_ offset: Int, _ ascii: String) -> Bool {
            let expected = Array(ascii.utf8)
            return b.count >= offset + expected.count && Array(b[offset..<offset + expected.count]) == expected
        }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if at(0, "GIF87a") || at(0, "GIF89a") { return .gif }
        if at(0, "RIFF") && at(8, "WAVE") { return .wav }
        if at(0, "RIFF") && at(8, "AVI ") { return .avi }
        if at(0, "FORM") && (at(8, "AIFF") || at(8, "AIFC")) { return .aiff }
        if at(4, "ftyp") { return isoBrand(b) }
        if at(0, "ID3") { return .mp3 }
        if b.starts(with: [0x00, 0x00, 0x01]) && b.count >= 4 && (b[3] == 0xBA || b[3] == 0xB3) { return .mpeg }
        if isMPEGAudioFrame(b) { return .mp3 }
        return nil
    }

    /// What the bytes are when they are not media: "HTML", "JSON", "XML" or "text".
    /// A server that answers 200 with an error page is the usual case.
    public static func textKind(of bytes: some Collection<UInt8>) -> String? {
        let b = Array(bytes.prefix(prefixLength))
        guard
            let first = b.firstIndex(where: {
                !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF)
            })
        else { return b.isEmpty ? nil : "text" }
        let rest = String(decoding: b[first...], as: UTF8.self).lowercased()
        if rest.hasPrefix("<!doctype html") || rest.hasPrefix("<html") || rest.hasPrefix("<head") || rest.hasPrefix("<body") {
            return "HTML"
        }
        if rest.hasPrefix("<?xml") || rest.hasPrefix("<") { return "XML" }
        if rest.hasPrefix("{") || rest.hasPrefix("[") { return "JSON" }
        let printable = b[first...].allSatisfy { $0 >= 0x20 && $0 < 0x7F || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        return printable ? "text" : nil
    }

    /// ISO base media (MP4 family): the major brand says audio (M4A) or video.
    /// QuickTime (`qt  `) and HEIF brands are not Apple attachment formats.
    private static func isoBrand(_ b: [UInt8]) -> MediaFormat? {
        guard b.count >= 12 else { return nil }
        let brand = String(decoding: b[8..<12], as: UTF8.self)
        switch brand {
        case "M4A ", "M4B ", "M4P ", "F4A ": return .m4a
        case "qt  ", "heic", "heix", "mif1", "msf1", "avif", "heis", "hevc": return nil
        default: return .mp4
        }
    }

    /// An MPEG-1/2 audio frame header: 11 sync bits, a valid version, layer III/II/I, a valid bitrate.
    private static func isMPEGAudioFrame(_ b: [UInt8]) -> Bool {
        guard b.count >= 3, b[0] == 0xFF, b[1] & 0xE0 == 0xE0 else { return false }
        let version = (b[1] >> 3) & 0x03, layer = (b[1] >> 1) & 0x03, bitrate = b[2] >> 4, rate = (b[2] >> 2) & 0x03
        return version != 0x01 && layer != 0x00 && bitrate != 0x0F && bitrate != 0x00 && rate != 0x03
    }
}
