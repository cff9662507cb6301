// TEST-ONLY declaration stub of Apple's SwiftUI (views, navigation, property wrappers)
// for `make check-apple` on Linux. Never shipped; see AppleStubs/README.md.
import Combine
import Foundation

public struct HorizontalAlignment: Equatable, Sendable {  // Apple: SwiftUI HorizontalAlignment, iOS 13.0
    public static let leading = HorizontalAlignment()  // Apple: SwiftUI HorizontalAlignment.leading, iOS 13.0
    public static let center = HorizontalAlignment()  // Apple: SwiftUI HorizontalAlignment.center, iOS 13.0
    public static let trailing = HorizontalAlignment()  // Apple: SwiftUI HorizontalAlignment.trailing, iOS 13.0
}

public struct VStack<Content: View>: View {  // Apple: SwiftUI VStack, iOS 13.0
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}  // Apple: SwiftUI VStack.init(alignment:spacing:content:), iOS 13.0
    public var body: Never { stub() }  // Apple: SwiftUI VStack.body, iOS 13.0
}

public struct Button<Label: View>: View {  // Apple: SwiftUI Button, iOS 13.0
    public var body: Never { stub() }  // Apple: SwiftUI Button.body, iOS 13.0
}

extension Button where Label == Text {
    public init(_ title: some StringProtocol, action: @escaping @MainActor () -> Void) {}  // Apple: SwiftUI Button.init(_:action:), iOS 13.0
}

extension Text {
    public func bold() -> Text { stub() }  // Apple: SwiftUI Text.bold(), iOS 13.0
}

@available(iOS 16.0, *)
public struct NavigationStack<Data, Root: View>: View {  // Apple: SwiftUI NavigationStack, iOS 16.0
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)  // Apple: SwiftUI NavigationStack.init(path:root:), iOS 16.0
    where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable {}
    public var body: Never { stub() }  // Apple: SwiftUI NavigationStack.body, iOS 16.0
}

public struct TabView<SelectionValue: Hashable, Content: View>: View {  // Apple: SwiftUI TabView, iOS 13.0
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {}  // Apple: SwiftUI TabView.init(selection:content:), iOS 13.0
    public var body: Never { stub() }  // Apple: SwiftUI TabView.body, iOS 13.0
}

public struct _NavigationDestinationModifier {}  // Linux: stands in for the modifier behind the `some View` that Apple returns
public struct _TabItemModifier {}  // Linux: stands in for the modifier behind the `some View` that Apple returns
public struct _TagModifier {}  // Linux: stands in for the modifier behind the `some View` that Apple returns
public struct _SheetModifier {}  // Linux: stands in for the modifier behind the `some View` that Apple returns
public struct _PaddingModifier {}  // Linux: stands in for the modifier behind the `some View` that Apple returns

extension View {
    @available(iOS 16.0, *)
    public nonisolated func navigationDestination<D: Hashable, C: View>(  // Apple: SwiftUI View.navigationDestination(for:destination:), iOS 16.0
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View {
        ModifiedContent(content: self, modifier: _NavigationDestinationModifier())
    }

    public nonisolated func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View {  // Apple: SwiftUI View.tabItem(_:), iOS 13.0
        ModifiedContent(content: self, modifier: _TabItemModifier())
    }

    public nonisolated func tag<V: Hashable>(_ tag: V) -> some View {  // Apple: SwiftUI View.tag(_:), iOS 13.0
        ModifiedContent(content: self, modifier: _TagModifier())
    }

    public nonisolated func sheet<Item: Identifiable, Content: View>(  // Apple: SwiftUI View.sheet(item:onDismiss:content:), iOS 13.0
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        ModifiedContent(content: self, modifier: _SheetModifier())
    }

    public nonisolated func padding() -> some View {  // Apple: SwiftUI View.padding(), iOS 13.0
        ModifiedContent(content: self, modifier: _PaddingModifier())
    }
}

/// A property wrapper that re-renders the view when the object publishes a change.
@propertyWrapper @frozen
public struct ObservedObject<ObjectType: ObservableObject> {  // Apple: SwiftUI ObservedObject, iOS 13.0
    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }  // Apple: SwiftUI ObservedObject.init(wrappedValue:), iOS 13.0
    public var wrappedValue: ObjectType  // Apple: SwiftUI ObservedObject.wrappedValue, iOS 13.0
}
