// TEST-ONLY declaration stub of Apple's ActivityKit (the parts Herald's Live Activity
// adapter uses) for `make check-apple` on Linux. Never shipped; see AppleStubs/README.md.
@_exported import Foundation

@usableFromInline func stub() -> Never { fatalError("AppleStubs: declaration only") }

/// The static and dynamic data of a Live Activity.
@available(iOS 16.1, *)
public protocol ActivityAttributes: Decodable, Encodable {
    associatedtype ContentState: Decodable, Encodable, Hashable
}

@available(iOS 16.1, *)
public enum ActivityState: Equatable, Hashable, Sendable {
    case active, ended, dismissed, stale, pending
}

/// Linux: ActivityKit's `Activity` is not documented as `Sendable`: the stricter reading.
@available(iOS 16.1, *)
public final class Activity<Attributes>: Identifiable where Attributes: ActivityAttributes {
    public var id: String { stub() }
    public var attributes: Attributes { stub() }
    public var activityState: ActivityState { stub() }
    public var pushToken: Data? { stub() }
    public var pushTokenUpdates: Activity<Attributes>.PushTokenUpdates { stub() }
    public var activityStateUpdates: Activity<Attributes>.ActivityStateUpdates { stub() }

    public static var activities: [Activity<Attributes>] { stub() }
    public static var activityUpdates: Activity<Attributes>.ActivityUpdates { stub() }
    @available(iOS 17.2, *)
    public static var pushToStartToken: Data? { stub() }
    @available(iOS 17.2, *)
    public static var pushToStartTokenUpdates: Activity<Attributes>.PushTokenUpdates { stub() }

    public struct PushTokenUpdates: AsyncSequence {
        public typealias Element = Data
        public struct AsyncIterator: AsyncIteratorProtocol {
            public mutating func next() async -> Data? { stub() }
        }
        public func makeAsyncIterator() -> AsyncIterator { stub() }
    }

    public struct ActivityStateUpdates: AsyncSequence {
        public typealias Element = ActivityState
        public struct AsyncIterator: AsyncIteratorProtocol {
            public mutating func next() async -> ActivityState? { stub() }
        }
        public func makeAsyncIterator() -> AsyncIterator { stub() }
    }

    public struct ActivityUpdates: AsyncSequence {
        public typealias Element = Activity<Attributes>
        public struct AsyncIterator: AsyncIteratorProtocol {
            public mutating func next() async -> Activity<Attributes>? { stub() }
        }
        public func makeAsyncIterator() -> AsyncIterator { stub() }
    }
}
