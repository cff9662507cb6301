// TEST-ONLY declaration stub of Apple's SwiftUI (app life cycle) for `make check-apple`
// on Linux. Never shipped; see AppleStubs/README.md.
import Foundation
import UIKit

@MainActor @preconcurrency
public protocol App {  // Apple: SwiftUI App, iOS 14.0, @MainActor
    associatedtype Body: Scene  // Apple: SwiftUI App.Body, iOS 14.0
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }  // Apple: SwiftUI App.body, iOS 14.0
    @MainActor @preconcurrency init()  // Apple: SwiftUI App.init(), iOS 14.0
}

extension App {
    /// The app's entry point for `@main`.
    @MainActor @preconcurrency public static func main() { stub() }  // Apple: SwiftUI App.main(), iOS 14.0
}

@MainActor @preconcurrency
public protocol Scene {  // Apple: SwiftUI Scene, iOS 14.0, @MainActor
    associatedtype Body: Scene  // Apple: SwiftUI Scene.Body, iOS 14.0
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }  // Apple: SwiftUI Scene.body, iOS 14.0
}

extension Never: Scene {}  // Apple: SwiftUI Never: Scene, iOS 14.0

@resultBuilder
public struct SceneBuilder {  // Apple: SwiftUI SceneBuilder, iOS 14.0
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }  // Apple: SwiftUI SceneBuilder.buildBlock(_:), iOS 14.0
}

public struct WindowGroup<Content: View>: Scene {  // Apple: SwiftUI WindowGroup, iOS 14.0
    public init(@ViewBuilder content: () -> Content) {}  // Apple: SwiftUI WindowGroup.init(content:), iOS 14.0
    public var body: Never { stub() }  // Apple: SwiftUI WindowGroup.body, iOS 14.0
}

/// The app delegate SwiftUI creates and keeps for the app's life.
@MainActor @preconcurrency @propertyWrapper
public struct UIApplicationDelegateAdaptor<DelegateType: NSObject & UIApplicationDelegate> {  // Apple: SwiftUI UIApplicationDelegateAdaptor, iOS 14.0, @MainActor
    public init(_ delegateType: DelegateType.Type = DelegateType.self) {}  // Apple: SwiftUI UIApplicationDelegateAdaptor.init(_:), iOS 14.0
    public var wrappedValue: DelegateType { stub() }  // Apple: SwiftUI UIApplicationDelegateAdaptor.wrappedValue, iOS 14.0
}
