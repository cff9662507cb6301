// TEST-ONLY declaration stub of Apple's SwiftUI for `make check-apple` on Linux.
// Never shipped; see AppleStubs/README.md. Bodies trap: nothing here runs.
@_exported import Combine
@_exported import Foundation
import UIKit

@usableFromInline func stub() -> Never { fatalError("AppleStubs: declaration only") }

@MainActor @preconcurrency
public protocol View {  // Apple: SwiftUI View, iOS 13.0, @MainActor
    associatedtype Body: View  // Apple: SwiftUI View.Body, iOS 13.0
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }  // Apple: SwiftUI View.body, iOS 13.0
}

extension Never: View {  // Apple: SwiftUI Never: View, iOS 13.0
    public typealias Body = Never  // Apple: SwiftUI Never.Body, iOS 13.0
    public var body: Never { stub() }  // Apple: SwiftUI Never.body, iOS 13.0
}

public struct EmptyView: View {  // Apple: SwiftUI EmptyView, iOS 13.0
    nonisolated public init() {}
    public var body: Never { stub() }  // Apple: SwiftUI EmptyView.body, iOS 13.0
}

public struct TupleView<T>: View {  // Apple: SwiftUI TupleView, iOS 13.0
    public init(_ value: T) {}  // Apple: SwiftUI TupleView.init(_:), iOS 13.0
    public var body: Never { stub() }  // Apple: SwiftUI TupleView.body, iOS 13.0
}

public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {  // Apple: SwiftUI _ConditionalContent, iOS 13.0
    public var body: Never { stub() }  // Apple: SwiftUI _ConditionalContent.body, iOS 13.0
}

@resultBuilder
public struct ViewBuilder {  // Apple: SwiftUI ViewBuilder, iOS 13.0
    public static func buildBlock() -> EmptyView { EmptyView() }  // Apple: SwiftUI ViewBuilder.buildBlock(), iOS 13.0
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }  // Apple: SwiftUI ViewBuilder.buildBlock(_:), iOS 13.0
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> { stub() }  // Apple: SwiftUI ViewBuilder.buildBlock(_:), iOS 13.0
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }  // Apple: SwiftUI ViewBuilder.buildIf(_:), iOS 13.0
    public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> { stub() }  // Apple: SwiftUI ViewBuilder.buildEither(first:), iOS 13.0
    public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> { stub() }  // Apple: SwiftUI ViewBuilder.buildEither(second:), iOS 13.0
}

extension Optional: View where Wrapped: View {  // Apple: SwiftUI Optional: View, iOS 13.0
    public typealias Body = Never  // Apple: SwiftUI Optional.Body, iOS 13.0
    public var body: Never { stub() }  // Apple: SwiftUI Optional.body, iOS 13.0
}

public struct ModifiedContent<Content, Modifier> {  // Apple: SwiftUI ModifiedContent, iOS 13.0
    public init(content: Content, modifier: Modifier) {}  // Apple: SwiftUI ModifiedContent.init(content:modifier:), iOS 13.0
}

extension ModifiedContent: View where Content: View {  // Apple: SwiftUI ModifiedContent: View, iOS 13.0
    public var body: Never { stub() }  // Apple: SwiftUI ModifiedContent.body, iOS 13.0
}

public struct _AppearanceActionModifier {}  // Linux: stands in for the modifier behind the `some View` that Apple returns

extension View {
    public nonisolated func onAppear(perform action: (() -> Void)? = nil) -> some View {  // Apple: SwiftUI View.onAppear(perform:), iOS 13.0
        ModifiedContent(content: self, modifier: _AppearanceActionModifier())
    }
}

public struct Text: View {  // Apple: SwiftUI Text, iOS 13.0
    public init(_ content: some StringProtocol) {}  // Apple: SwiftUI Text.init(_:), iOS 13.0
    public var body: Never { stub() }  // Apple: SwiftUI Text.body, iOS 13.0
}

@frozen @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {  // Apple: SwiftUI Binding, iOS 13.0
    @preconcurrency
    public init(get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void) { stub() }  // Apple: SwiftUI Binding.init(get:set:), iOS 13.0
    public var wrappedValue: Value { get { stub() } nonmutating set { stub() } }  // Apple: SwiftUI Binding.wrappedValue, iOS 13.0
    public var projectedValue: Binding<Value> { self }  // Apple: SwiftUI Binding.projectedValue, iOS 13.0
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { stub() }  // Apple: SwiftUI Binding.subscript(dynamicMember:), iOS 13.0
}

extension Binding: @unchecked Sendable where Value: Sendable {}  // Apple: SwiftUI Binding: @unchecked Sendable, iOS 13.0

@available(iOS 16.0, *)
public struct UIHostingControllerSizingOptions: OptionSet, Sendable {  // Apple: SwiftUI UIHostingControllerSizingOptions, iOS 16.0
    public let rawValue: Int  // Apple: SwiftUI UIHostingControllerSizingOptions.rawValue, iOS 16.0
    public init(rawValue: Int) { self.rawValue = rawValue }  // Apple: SwiftUI UIHostingControllerSizingOptions.init(rawValue:), iOS 16.0
    public static let preferredContentSize = UIHostingControllerSizingOptions(rawValue: 1 << 0)  // Apple: SwiftUI UIHostingControllerSizingOptions.preferredContentSize, iOS 16.0
    public static let intrinsicContentSize = UIHostingControllerSizingOptions(rawValue: 1 << 1)  // Apple: SwiftUI UIHostingControllerSizingOptions.intrinsicContentSize, iOS 16.0
}

@MainActor @preconcurrency
open class UIHostingController<Content: View>: UIViewController {  // Apple: SwiftUI UIHostingController, iOS 13.0, @MainActor
    public init(rootView: Content) { super.init(nibName: nil, bundle: nil) }  // Apple: SwiftUI UIHostingController.init(rootView:), iOS 13.0
    public required init?(coder: NSCoder) { super.init(coder: coder) }  // Apple: SwiftUI UIHostingController.init(coder:), iOS 13.0
    public var rootView: Content { get { stub() } set { stub() } }  // Apple: SwiftUI UIHostingController.rootView, iOS 13.0
    @available(iOS 16.0, *) public var sizingOptions: UIHostingControllerSizingOptions { get { stub() } set { stub() } }  // Apple: SwiftUI UIHostingController.sizingOptions, iOS 16.0
}
