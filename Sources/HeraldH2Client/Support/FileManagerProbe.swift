import Foundation
import HeraldShared

/// File checks for configuration errors that name the file.
package enum FileManagerProbe {
    package static func isReadable(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && FileManager.default.isReadableFile(atPath: path)
    }
}
