import Foundation

/// Lines at `minimum` and above to standard error, one line each (`warning: …`): the
/// console of Xcode or of a terminal. The Apple façade's default, so that what needs the
/// developer's attention (a forgotten `uiReady()`, a failed registration) is seen.
public struct StandardErrorLogger: HeraldLogger {
    public var minimum: LogLevel

    public init(minimum: LogLevel = .warning) {
        self.minimum = minimum
    }

    public func log(_ level: LogLevel, _ message: String) {
        guard level >= minimum else { return }
        FileHandle.standardError.write(Data("\(level.rawValue): \(message)\n".utf8))
    }
}
