// TEST-ONLY declaration stub of Apple's UIKit (colors, fonts, images, traits, feedback,
// accessibility) for `make check-apple` on Linux. Never shipped; see AppleStubs/README.md.
import Foundation

public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified, light, dark
}

open class UITraitCollection: NSObject {
    open var userInterfaceStyle: UIUserInterfaceStyle { stub() }
}

/// Not `@MainActor` and, where the documentation does not say, not `Sendable` (stricter).
open class UIColor: NSObject {
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { super.init() }
    public init(white: CGFloat, alpha: CGFloat) { super.init() }
    @available(iOS 13.0, *)
    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) { super.init() }

    open class var clear: UIColor { stub() }
    @available(iOS 13.0, *) open class var label: UIColor { stub() }
    @available(iOS 13.0, *) open class var secondaryLabel: UIColor { stub() }
    @available(iOS 13.0, *) open class var tertiaryLabel: UIColor { stub() }
    @available(iOS 13.0, *) open class var systemBackground: UIColor { stub() }
    @available(iOS 13.0, *) open class var secondarySystemBackground: UIColor { stub() }
}

open class UIFont: NSObject {
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { stub() }
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { stub() }
    open class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont { stub() }

    public struct TextStyle: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
    }
}

@available(iOS 11.0, *)
open class UIFontMetrics: NSObject {
    public init(forTextStyle textStyle: UIFont.TextStyle) { super.init() }
    open func scaledFont(for font: UIFont) -> UIFont { stub() }
}

open class UIImage: NSObject {
    public init?(named name: String) { stub() }
    @available(iOS 13.0, *) public init?(systemName name: String) { stub() }
}

// MARK: Feedback

@MainActor
open class UIFeedbackGenerator: NSObject {
}

@MainActor
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    public init(style: UIImpactFeedbackGenerator.FeedbackStyle) { super.init() }
    @available(iOS 17.5, *)
    public convenience init(style: UIImpactFeedbackGenerator.FeedbackStyle, view: UIView) { self.init(style: style) }
    open func impactOccurred() { stub() }

    public enum FeedbackStyle: Int, Sendable {
        case light, medium, heavy, soft, rigid
    }
}

// MARK: Accessibility

public enum UIAccessibility {
    @MainActor public static func post(notification: UIAccessibility.Notification, argument: Any?) { stub() }

    public struct Notification: Hashable, RawRepresentable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let screenChanged = Notification(rawValue: 1000)
        public static let layoutChanged = Notification(rawValue: 1001)
        public static let announcement = Notification(rawValue: 1008)
    }
}
