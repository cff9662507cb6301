// TEST-ONLY declaration stub of Apple's ActivityKit (the parts Herald's Live Activity
// adapter uses) for `make check-apple` on Linux. Never shipped; see AppleStubs/README.md.
@_exported import Foundation

@usableFromInline func stub() -> Never { fatalError("AppleStubs: declaration only") }

/// The static and dynamic data of a Live Activity.
@available(iOS 16.1, *)
public protocol ActivityAttributes: Decodable, Encodable {  // Apple: ActivityKit ActivityAttributes, iOS 16.1
    associatedtype ContentState: Decodable, Encodable, Hashable  // Apple: ActivityKit ActivityAttributes.ContentState, iOS 16.1
}

@available(iOS 16.1, *)
public enum ActivityState: Codable, Hashable, Sendable {  // Apple: ActivityKit ActivityState, iOS 16.1
    @available(iOS 26.0, *) case pending  // Apple: ActivityKit ActivityState.pending, iOS 26.0
    case active  // Apple: ActivityKit ActivityState.active, iOS 16.1
    case ended  // Apple: ActivityKit ActivityState.ended, iOS 16.1
    case dismissed  // Apple: ActivityKit ActivityState.dismissed, iOS 16.1
    @available(iOS 16.2, *) case stale  // Apple: ActivityKit ActivityState.stale, iOS 16.2
}

/// Not `Sendable`, not isolated, and not `final` (the SDK's interface declares a plain `public class`).
@available(iOS 16.1, *)
public class Activity<Attributes>: Identifiable where Attributes: ActivityAttributes {  // Apple: ActivityKit Activity, iOS 16.1
    public var id: String { stub() }  // Apple: ActivityKit Activity.id, iOS 16.1
    public var attributes: Attributes { stub() }  // Apple: ActivityKit Activity.attributes, iOS 16.1
    public var activityState: ActivityState { stub() }  // Apple: ActivityKit Activity.activityState, iOS 16.1
    public var pushToken: Data? { stub() }  // Apple: ActivityKit Activity.pushToken, iOS 16.1
    public var pushTokenUpdates: Activity<Attributes>.PushTokenUpdates { stub() }  // Apple: ActivityKit Activity.pushTokenUpdates, iOS 16.1
    public var activityStateUpdates: Activity<Attributes>.ActivityStateUpdates { stub() }  // Apple: ActivityKit Activity.activityStateUpdates, iOS 16.1

    public static var activities: [Activity<Attributes>] { stub() }  // Apple: ActivityKit Activity.activities, iOS 16.1
    public static var activityUpdates: Activity<Attributes>.ActivityUpdates { stub() }  // Apple: ActivityKit Activity.activityUpdates, iOS 16.1
    @available(iOS 17.2, *)
    public static var pushToStartToken: Data? { stub() }  // Apple: ActivityKit Activity.pushToStartToken, iOS 17.2
    @available(iOS 17.2, *)
    public static var pushToStartTokenUpdates: Activity<Attributes>.PushTokenUpdates { stub() }  // Apple: ActivityKit Activity.pushToStartTokenUpdates, iOS 17.2

    public struct PushTokenUpdates: AsyncSequence {  // Apple: ActivityKit Activity.PushTokenUpdates, iOS 16.1
        public typealias Element = Data  // Apple: ActivityKit Activity.PushTokenUpdates.Element, iOS 16.1
        public struct AsyncIterator: AsyncIteratorProtocol {  // Apple: ActivityKit Activity.PushTokenUpdates.AsyncIterator, iOS 16.1
            public mutating func next() async -> Data? { stub() }  // Apple: ActivityKit Activity.PushTokenUpdates.AsyncIterator.next(), iOS 16.1
        }
        public func makeAsyncIterator() -> AsyncIterator { stub() }  // Apple: ActivityKit Activity.PushTokenUpdates.makeAsyncIterator(), iOS 16.1
    }

    public struct ActivityStateUpdates: AsyncSequence {  // Apple: ActivityKit Activity.ActivityStateUpdates, iOS 16.1
        public typealias Element = ActivityState  // Apple: ActivityKit Activity.ActivityStateUpdates.Element, iOS 16.1
        public struct AsyncIterator: AsyncIteratorProtocol {  // Apple: ActivityKit Activity.ActivityStateUpdates.AsyncIterator, iOS 16.1
            public mutating func next() async -> ActivityState? { stub() }  // Apple: ActivityKit Activity.ActivityStateUpdates.AsyncIterator.next(), iOS 16.1
        }
        public func makeAsyncIterator() -> AsyncIterator { stub() }  // Apple: ActivityKit Activity.ActivityStateUpdates.makeAsyncIterator(), iOS 16.1
    }

    public struct ActivityUpdates: AsyncSequence {  // Apple: ActivityKit Activity.ActivityUpdates, iOS 16.1
        public typealias Element = Activity<Attributes>  // Apple: ActivityKit Activity.ActivityUpdates.Element, iOS 16.1
        public struct AsyncIterator: AsyncIteratorProtocol {  // Apple: ActivityKit Activity.ActivityUpdates.AsyncIterator, iOS 16.1
            public mutating func next() async -> Activity<Attributes>? { stub() }  // Apple: ActivityKit Activity.ActivityUpdates.AsyncIterator.next(), iOS 16.1
        }
        public func makeAsyncIterator() -> AsyncIterator { stub() }  // Apple: ActivityKit Activity.ActivityUpdates.makeAsyncIterator(), iOS 16.1
    }
}
