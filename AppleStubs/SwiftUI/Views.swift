// TEST-ONLY declaration stub of Apple's SwiftUI (views, navigation, property wrappers)
// for `make check-apple` on Linux. Never shipped; see AppleStubs/README.md.
import Combine
import Foundation

public struct HorizontalAlignment: Equatable, Sendable {
    public static let leading = HorizontalAlignment()
    public static let center = HorizontalAlignment()
    public static let trailing = HorizontalAlignment()
}

public struct VStack<Content: View>: View {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { stub() }
}

public struct Button<Label: View>: View {
    public var body: Never { stub() }
}

extension Button where Label == Text {
    public init(_ title: some StringProtocol, action: @escaping @MainActor () -> Void) {}
}

extension Text {
    public func bold() -> Text { stub() }
}

@available(iOS 16.0, *)
public struct NavigationStack<Data, Root: View>: View {
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable {}
    public var body: Never { stub() }
}

public struct TabView<SelectionValue: Hashable, Content: View>: View {
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {}
    public var body: Never { stub() }
}

public struct _NavigationDestinationModifier {}
public struct _TabItemModifier {}
public struct _TagModifier {}
public struct _SheetModifier {}
public struct _PaddingModifier {}

extension View {
    @available(iOS 16.0, *)
    public nonisolated func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View {
        ModifiedContent(content: self, modifier: _NavigationDestinationModifier())
    }

    public nonisolated func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View {
        ModifiedContent(content: self, modifier: _TabItemModifier())
    }

    public nonisolated func tag<V: Hashable>(_ tag: V) -> some View {
        ModifiedContent(content: self, modifier: _TagModifier())
    }

    public nonisolated func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        ModifiedContent(content: self, modifier: _SheetModifier())
    }

    public nonisolated func padding() -> some View {
        ModifiedContent(content: self, modifier: _PaddingModifier())
    }
}

/// A property wrapper that re-renders the view when the object publishes a change.
@propertyWrapper @frozen
public struct ObservedObject<ObjectType: ObservableObject> {
    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    public var wrappedValue: ObjectType
}
