import Foundation

@testable import HeraldCore

/// Minimal files of each format: the real magic bytes, then filler up to a size.
enum MediaSamples {
    static func header(_ format: MediaFormat) -> [UInt8] {
        switch format {
        case .jpeg: return [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0]
        case .png: return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        case .gif: return Array("GIF89a".utf8) + [1, 0, 1, 0]
        case .mp3: return Array("ID3".utf8) + [3, 0, 0, 0, 0, 0, 0]
        case .m4a: return [0, 0, 0, 0x20] + Array("ftypM4A ".utf8) + [0, 0, 0, 0]
        case .mp4: return [0, 0, 0, 0x20] + Array("ftypisom".utf8) + [0, 0, 2, 0]
        case .wav: return Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WAVEfmt ".utf8)
        case .aiff: return Array("FORM".utf8) + [0, 0, 0, 0x2E] + Array("AIFFCOMM".utf8)
        case .mpeg: return [0, 0, 1, 0xBA, 0x44, 0, 4, 0, 4, 1]
        case .avi: return Array("RIFF".utf8) + [0, 0, 0, 0] + Array("AVI LIST".utf8)
        }
    }

    /// A file of `format`, `size` bytes long (at least its header).
    static func bytes(_ format: MediaFormat, size: Int = 256) -> [UInt8] {
        let head = header(format)
        return head + [UInt8](repeating: 0xA5, count: max(0, size - head.count))
    }

    /// A fresh empty folder under the temporary directory.
    static func temporaryDirectory() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("herald-nse-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The names of the files in `directory`, hidden ones included.
    static func files(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }
}
