import Foundation
import HeraldAPNsModel

/// File checks for configuration errors that name the file.
enum FileManagerProbe {
    static func isReadable(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && FileManager.default.isReadableFile(atPath: path)
    }
}
