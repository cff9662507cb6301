import Foundation

/// Waits (bounded) until `condition` holds; false when it never did. The bound is
/// generous: a passing test returns as soon as the condition holds, and on a loaded
/// two-core machine the other suites' synchronous tests can hold the shared threads for
/// tens of seconds.
public func eventually(timeout: Double = 120, _ condition: @Sendable () async -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if await condition() { return true }
        try? await Task.sleep(nanoseconds: 5_000_000)
    }
    return await condition()
}
