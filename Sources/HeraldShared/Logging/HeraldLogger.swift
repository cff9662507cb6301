import Foundation

/// Where a library writes what it did; the app decides where that goes.
public protocol HeraldLogger: Sendable {
    func log(_ level: LogLevel, _ message: String)
}

public enum LogLevel: String, Sendable, Comparable {
    case debug, info, warning, error

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        let order: [LogLevel] = [.debug, .info, .warning, .error]
        return order.firstIndex(of: lhs) ?? 0 < order.firstIndex(of: rhs) ?? 0
    }
}

/// A logger that drops everything.
public struct SilentLogger: HeraldLogger {
    public init() {}
    public func log(_ level: LogLevel, _ message: String) {}
}
