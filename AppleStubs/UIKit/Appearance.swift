// TEST-ONLY declaration stub of Apple's UIKit (colors, fonts, images, traits, feedback,
// accessibility) for `make check-apple` on Linux. Never shipped; see AppleStubs/README.md.
import Foundation

public enum UIUserInterfaceStyle: Int, Sendable {  // Apple: UIKit UIUserInterfaceStyle, iOS 12.0
    case unspecified, light, dark  // Apple: UIKit UIUserInterfaceStyle cases unspecified, light, dark, iOS 12.0
}

open class UITraitCollection: NSObject {  // Apple: UIKit UITraitCollection, iOS 8.0
    open var userInterfaceStyle: UIUserInterfaceStyle { stub() }  // Apple: UIKit UITraitCollection.userInterfaceStyle, iOS 12.0
}

/// Not `@MainActor` and, where the documentation does not say, not `Sendable` (stricter).
open class UIColor: NSObject {  // Apple: UIKit UIColor, iOS 2.0
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { super.init() }  // Apple: UIKit UIColor.init(red:green:blue:alpha:), iOS 2.0
    public init(white: CGFloat, alpha: CGFloat) { super.init() }  // Apple: UIKit UIColor.init(white:alpha:), iOS 2.0
    @available(iOS 13.0, *)
    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) { super.init() }  // Apple: UIKit UIColor.init(dynamicProvider:), iOS 13.0

    open class var clear: UIColor { stub() }  // Apple: UIKit UIColor.clear, iOS 2.0
    @available(iOS 13.0, *) open class var label: UIColor { stub() }  // Apple: UIKit UIColor.label, iOS 13.0
    @available(iOS 13.0, *) open class var secondaryLabel: UIColor { stub() }  // Apple: UIKit UIColor.secondaryLabel, iOS 13.0
    @available(iOS 13.0, *) open class var tertiaryLabel: UIColor { stub() }  // Apple: UIKit UIColor.tertiaryLabel, iOS 13.0
    @available(iOS 13.0, *) open class var systemBackground: UIColor { stub() }  // Apple: UIKit UIColor.systemBackground, iOS 13.0
    @available(iOS 13.0, *) open class var secondarySystemBackground: UIColor { stub() }  // Apple: UIKit UIColor.secondarySystemBackground, iOS 13.0
}

open class UIFont: NSObject {  // Apple: UIKit UIFont, iOS 2.0
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { stub() }  // Apple: UIKit UIFont.systemFont(ofSize:), iOS 2.0
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { stub() }  // Apple: UIKit UIFont.boldSystemFont(ofSize:), iOS 2.0
    open class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont { stub() }  // Apple: UIKit UIFont.preferredFont(forTextStyle:), iOS 7.0

    public struct TextStyle: Hashable, RawRepresentable, Sendable {  // Apple: UIKit UIFont.TextStyle, iOS 7.0
        public let rawValue: String  // Apple: UIKit UIFont.TextStyle.rawValue, iOS 7.0
        public init(rawValue: String) { self.rawValue = rawValue }  // Apple: UIKit UIFont.TextStyle.init(rawValue:), iOS 7.0
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")  // Apple: UIKit UIFont.TextStyle.largeTitle, iOS 11.0
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")  // Apple: UIKit UIFont.TextStyle.headline, iOS 7.0
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")  // Apple: UIKit UIFont.TextStyle.subheadline, iOS 7.0
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")  // Apple: UIKit UIFont.TextStyle.title2, iOS 9.0
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")  // Apple: UIKit UIFont.TextStyle.body, iOS 7.0
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")  // Apple: UIKit UIFont.TextStyle.footnote, iOS 7.0
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")  // Apple: UIKit UIFont.TextStyle.caption1, iOS 7.0
    }
}

@available(iOS 11.0, *)
open class UIFontMetrics: NSObject {  // Apple: UIKit UIFontMetrics, iOS 11.0
    public init(forTextStyle textStyle: UIFont.TextStyle) { super.init() }  // Apple: UIKit UIFontMetrics.init(forTextStyle:), iOS 11.0
    open func scaledFont(for font: UIFont) -> UIFont { stub() }  // Apple: UIKit UIFontMetrics.scaledFont(for:), iOS 11.0
}

open class UIImage: NSObject {  // Apple: UIKit UIImage, iOS 2.0
    public init?(named name: String) { stub() }  // Apple: UIKit UIImage.init(named:), iOS 2.0
    @available(iOS 13.0, *) public init?(systemName name: String) { stub() }  // Apple: UIKit UIImage.init(systemName:), iOS 13.0
}

// MARK: Feedback

@MainActor
open class UIFeedbackGenerator: NSObject {  // Apple: UIKit UIFeedbackGenerator, iOS 10.0, @MainActor
}

@MainActor
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {  // Apple: UIKit UIImpactFeedbackGenerator, iOS 10.0, @MainActor
    public init(style: UIImpactFeedbackGenerator.FeedbackStyle) { super.init() }  // Apple: UIKit UIImpactFeedbackGenerator.init(style:), iOS 10.0
    @available(iOS 17.5, *)
    public convenience init(style: UIImpactFeedbackGenerator.FeedbackStyle, view: UIView) { self.init(style: style) }  // Apple: UIKit UIImpactFeedbackGenerator.init(style:view:), iOS 17.5
    open func impactOccurred() { stub() }  // Apple: UIKit UIImpactFeedbackGenerator.impactOccurred(), iOS 10.0

    public enum FeedbackStyle: Int, Sendable {  // Apple: UIKit UIImpactFeedbackGenerator.FeedbackStyle, iOS 10.0
        case light, medium, heavy  // Apple: UIKit UIImpactFeedbackGenerator.FeedbackStyle cases light, medium, heavy, iOS 10.0
        case soft  // Apple: UIKit UIImpactFeedbackGenerator.FeedbackStyle.soft, iOS 13.0
        case rigid  // Apple: UIKit UIImpactFeedbackGenerator.FeedbackStyle.rigid, iOS 13.0
    }
}

// MARK: Accessibility

public enum UIAccessibility {  // Apple: UIKit UIAccessibility, iOS 3.0
    @MainActor public static func post(notification: UIAccessibility.Notification, argument: Any?) { stub() }  // Apple: UIKit UIAccessibility.post(notification:argument:), iOS 3.0

    public struct Notification: Hashable, RawRepresentable, Sendable {  // Apple: UIKit UIAccessibility.Notification, iOS 3.0
        public let rawValue: UInt32  // Apple: UIKit UIAccessibility.Notification.rawValue, iOS 3.0
        public init(rawValue: UInt32) { self.rawValue = rawValue }  // Apple: UIKit UIAccessibility.Notification.init(rawValue:), iOS 3.0
        public static let screenChanged = Notification(rawValue: 1000)  // Apple: UIKit UIAccessibility.Notification.screenChanged, iOS 3.0
        public static let layoutChanged = Notification(rawValue: 1001)  // Apple: UIKit UIAccessibility.Notification.layoutChanged, iOS 3.0
        public static let announcement = Notification(rawValue: 1008)  // Apple: UIKit UIAccessibility.Notification.announcement, iOS 4.0
    }
}
