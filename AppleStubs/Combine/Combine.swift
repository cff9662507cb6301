// TEST-ONLY declaration stub of Apple's Combine (ObservableObject, Published) for
// `make check-apple` on Linux. Never shipped; see AppleStubs/README.md.
@_exported import Foundation

@usableFromInline func stub() -> Never { fatalError("AppleStubs: declaration only") }

public final class ObservableObjectPublisher {
    public init() {}
    public func send() { stub() }
}

public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher = ObservableObjectPublisher
    var objectWillChange: Self.ObjectWillChangePublisher { get }
}

extension ObservableObject where Self.ObjectWillChangePublisher == ObservableObjectPublisher {
    public var objectWillChange: ObservableObjectPublisher { stub() }
}

/// Linux: Combine's wrapper reaches its enclosing instance through a static subscript;
/// a stored `wrappedValue` gives the same surface to code that declares `@Published`.
@propertyWrapper
public struct Published<Value> {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public init(initialValue: Value) { self.wrappedValue = initialValue }
}
