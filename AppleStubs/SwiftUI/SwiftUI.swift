// TEST-ONLY declaration stub of Apple's SwiftUI for `make check-apple` on Linux.
// Never shipped; see AppleStubs/README.md. Bodies trap: nothing here runs.
@_exported import Combine
@_exported import Foundation
import UIKit

@usableFromInline func stub() -> Never { fatalError("AppleStubs: declaration only") }

@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { stub() }
}

public struct EmptyView: View {
    nonisolated public init() {}
    public var body: Never { stub() }
}

public struct TupleView<T>: View {
    public init(_ value: T) {}
    public var body: Never { stub() }
}

public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    public var body: Never { stub() }
}

@resultBuilder
public struct ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> { stub() }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> { stub() }
    public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> { stub() }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { stub() }
}

public struct ModifiedContent<Content, Modifier> {
    public init(content: Content, modifier: Modifier) {}
}

extension ModifiedContent: View where Content: View {
    public var body: Never { stub() }
}

public struct _AppearanceActionModifier {}

extension View {
    public nonisolated func onAppear(perform action: (() -> Void)? = nil) -> some View {
        ModifiedContent(content: self, modifier: _AppearanceActionModifier())
    }
}

public struct Text: View {
    public init(_ content: some StringProtocol) {}
    public var body: Never { stub() }
}

@frozen @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    @preconcurrency
    public init(get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void) { stub() }
    public var wrappedValue: Value { get { stub() } nonmutating set { stub() } }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { stub() }
}

extension Binding: @unchecked Sendable where Value: Sendable {}

@available(iOS 16.0, *)
public struct UIHostingControllerSizingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let preferredContentSize = UIHostingControllerSizingOptions(rawValue: 1 << 0)
    public static let intrinsicContentSize = UIHostingControllerSizingOptions(rawValue: 1 << 1)
}

@MainActor @preconcurrency
open class UIHostingController<Content: View>: UIViewController {
    public init(rootView: Content) { super.init(nibName: nil, bundle: nil) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    public var rootView: Content { get { stub() } set { stub() } }
    @available(iOS 16.0, *) public var sizingOptions: UIHostingControllerSizingOptions { get { stub() } set { stub() } }
}
