// TEST-ONLY declaration stub of Apple's Combine (ObservableObject, Published) for
// `make check-apple` on Linux. Never shipped; see AppleStubs/README.md.
@_exported import Foundation

@usableFromInline func stub() -> Never { fatalError("AppleStubs: declaration only") }

public final class ObservableObjectPublisher {  // Apple: Combine ObservableObjectPublisher, iOS 13.0
    public init() {}  // Apple: Combine ObservableObjectPublisher.init(), iOS 13.0
    public func send() { stub() }  // Apple: Combine ObservableObjectPublisher.send(), iOS 13.0
}

public protocol ObservableObject: AnyObject {  // Apple: Combine ObservableObject, iOS 13.0
    associatedtype ObjectWillChangePublisher = ObservableObjectPublisher  // Apple: Combine ObservableObject.ObjectWillChangePublisher, iOS 13.0
    var objectWillChange: Self.ObjectWillChangePublisher { get }  // Apple: Combine ObservableObject.objectWillChange, iOS 13.0
}

extension ObservableObject where Self.ObjectWillChangePublisher == ObservableObjectPublisher {
    public var objectWillChange: ObservableObjectPublisher { stub() }  // Apple: Combine ObservableObject.objectWillChange, iOS 13.0
}

/// Linux: Combine's wrapper reaches its enclosing instance through a static subscript;
/// a stored `wrappedValue` gives the same surface to code that declares `@Published`.
@propertyWrapper
public struct Published<Value> {  // Apple: Combine Published, iOS 13.0
    public var wrappedValue: Value  // Apple: Combine Published.wrappedValue, iOS 13.0
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }  // Apple: Combine Published.init(wrappedValue:), iOS 13.0
    public init(initialValue: Value) { self.wrappedValue = initialValue }  // Apple: Combine Published.init(initialValue:), iOS 13.0
}
