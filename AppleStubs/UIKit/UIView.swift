// TEST-ONLY declaration stub of Apple's UIKit (views) for `make check-apple` on Linux.
// Never shipped; see AppleStubs/README.md. Bodies trap: nothing here runs.
import Foundation

/// QuartzCore's layer, which UIKit re-exports.
open class CALayer: NSObject {  // Apple: UIKit CALayer, iOS 2.0
    open var cornerRadius: CGFloat { get { stub() } set { stub() } }  // Apple: UIKit CALayer.cornerRadius, iOS 2.0
    @available(iOS 13.0, *) open var cornerCurve: CALayerCornerCurve { get { stub() } set { stub() } }  // Apple: UIKit CALayer.cornerCurve, iOS 13.0
}

public struct CALayerCornerCurve: Hashable, RawRepresentable, Sendable {  // Apple: UIKit CALayerCornerCurve, iOS 13.0
    public let rawValue: String  // Apple: UIKit CALayerCornerCurve.rawValue, iOS 13.0
    public init(rawValue: String) { self.rawValue = rawValue }  // Apple: UIKit CALayerCornerCurve.init(rawValue:), iOS 13.0
    @available(iOS 13.0, *) public static let circular = CALayerCornerCurve(rawValue: "circular")  // Apple: UIKit CALayerCornerCurve.circular, iOS 13.0
    @available(iOS 13.0, *) public static let continuous = CALayerCornerCurve(rawValue: "continuous")  // Apple: UIKit CALayerCornerCurve.continuous, iOS 13.0
}

public struct NSDirectionalEdgeInsets: Equatable, Sendable {  // Apple: UIKit NSDirectionalEdgeInsets, iOS 11.0
    public var top: CGFloat  // Apple: UIKit NSDirectionalEdgeInsets.top, iOS 11.0
    public var leading: CGFloat  // Apple: UIKit NSDirectionalEdgeInsets.leading, iOS 11.0
    public var bottom: CGFloat  // Apple: UIKit NSDirectionalEdgeInsets.bottom, iOS 11.0
    public var trailing: CGFloat  // Apple: UIKit NSDirectionalEdgeInsets.trailing, iOS 11.0
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {  // Apple: UIKit NSDirectionalEdgeInsets.init(top:leading:bottom:trailing:), iOS 11.0
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    public static let zero = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)  // Apple: UIKit NSDirectionalEdgeInsets.zero, iOS 11.0
}

public struct UIAccessibilityTraits: OptionSet, Sendable {  // Apple: UIKit UIAccessibilityTraits, iOS 3.0
    public let rawValue: UInt64  // Apple: UIKit UIAccessibilityTraits.rawValue, iOS 3.0
    public init(rawValue: UInt64) { self.rawValue = rawValue }  // Apple: UIKit UIAccessibilityTraits.init(rawValue:), iOS 3.0
    public static let none = UIAccessibilityTraits([])  // Apple: UIKit UIAccessibilityTraits.none, iOS 3.0
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)  // Apple: UIKit UIAccessibilityTraits.button, iOS 3.0
    public static let header = UIAccessibilityTraits(rawValue: 1 << 16)  // Apple: UIKit UIAccessibilityTraits.header, iOS 6.0
}

@MainActor
open class UIView: UIResponder {  // Apple: UIKit UIView, iOS 2.0, @MainActor
    public init(frame: CGRect) { super.init() }  // Apple: UIKit UIView.init(frame:), iOS 2.0
    public required init?(coder: NSCoder) { super.init() }  // Apple: UIKit UIView.init(coder:), iOS 2.0
    public convenience override init() { self.init(frame: .zero) }  // Apple: UIKit UIView.init(), iOS 2.0

    open var frame: CGRect { get { stub() } set { stub() } }  // Apple: UIKit UIView.frame, iOS 2.0
    open var bounds: CGRect { get { stub() } set { stub() } }  // Apple: UIKit UIView.bounds, iOS 2.0
    open var backgroundColor: UIColor? { get { stub() } set { stub() } }  // Apple: UIKit UIView.backgroundColor, iOS 2.0
    open var isHidden: Bool { get { stub() } set { stub() } }  // Apple: UIKit UIView.isHidden, iOS 2.0
    open var clipsToBounds: Bool { get { stub() } set { stub() } }  // Apple: UIKit UIView.clipsToBounds, iOS 2.0
    open var isUserInteractionEnabled: Bool { get { stub() } set { stub() } }  // Apple: UIKit UIView.isUserInteractionEnabled, iOS 2.0
    open var contentMode: UIView.ContentMode { get { stub() } set { stub() } }  // Apple: UIKit UIView.contentMode, iOS 2.0
    open var layer: CALayer { stub() }  // Apple: UIKit UIView.layer, iOS 2.0
    open var window: UIWindow? { stub() }  // Apple: UIKit UIView.window, iOS 2.0
    open var translatesAutoresizingMaskIntoConstraints: Bool { get { stub() } set { stub() } }  // Apple: UIKit UIView.translatesAutoresizingMaskIntoConstraints, iOS 6.0
    open var directionalLayoutMargins: NSDirectionalEdgeInsets { get { stub() } set { stub() } }  // Apple: UIKit UIView.directionalLayoutMargins, iOS 11.0

    open func addSubview(_ view: UIView) { stub() }  // Apple: UIKit UIView.addSubview(_:), iOS 2.0
    open func removeFromSuperview() { stub() }  // Apple: UIKit UIView.removeFromSuperview(), iOS 2.0
    open func layoutIfNeeded() { stub() }  // Apple: UIKit UIView.layoutIfNeeded(), iOS 2.0
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? { stub() }  // Apple: UIKit UIView.hitTest(_:with:), iOS 2.0
    open func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) { stub() }  // Apple: UIKit UIView.setContentHuggingPriority(_:for:), iOS 6.0
    open func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) { stub() }  // Apple: UIKit UIView.setContentCompressionResistancePriority(_:for:), iOS 6.0

    // Layout anchors and guides.
    open var topAnchor: NSLayoutYAxisAnchor { stub() }  // Apple: UIKit UIView.topAnchor, iOS 9.0
    open var bottomAnchor: NSLayoutYAxisAnchor { stub() }  // Apple: UIKit UIView.bottomAnchor, iOS 9.0
    open var centerYAnchor: NSLayoutYAxisAnchor { stub() }  // Apple: UIKit UIView.centerYAnchor, iOS 9.0
    open var leadingAnchor: NSLayoutXAxisAnchor { stub() }  // Apple: UIKit UIView.leadingAnchor, iOS 9.0
    open var trailingAnchor: NSLayoutXAxisAnchor { stub() }  // Apple: UIKit UIView.trailingAnchor, iOS 9.0
    open var centerXAnchor: NSLayoutXAxisAnchor { stub() }  // Apple: UIKit UIView.centerXAnchor, iOS 9.0
    open var widthAnchor: NSLayoutDimension { stub() }  // Apple: UIKit UIView.widthAnchor, iOS 9.0
    open var heightAnchor: NSLayoutDimension { stub() }  // Apple: UIKit UIView.heightAnchor, iOS 9.0
    open var safeAreaLayoutGuide: UILayoutGuide { stub() }  // Apple: UIKit UIView.safeAreaLayoutGuide, iOS 11.0
    open var layoutMarginsGuide: UILayoutGuide { stub() }  // Apple: UIKit UIView.layoutMarginsGuide, iOS 9.0

    // Linux: UIKit declares these on NSObject (UIAccessibility informal protocol, in
    // Objective-C categories); overridable Swift members need a class here.
    open var isAccessibilityElement: Bool { get { stub() } set { stub() } }  // Apple: UIKit UIView.isAccessibilityElement, iOS 3.0
    open var accessibilityLabel: String? { get { stub() } set { stub() } }  // Apple: UIKit UIView.accessibilityLabel, iOS 3.0
    open var accessibilityTraits: UIAccessibilityTraits { get { stub() } set { stub() } }  // Apple: UIKit UIView.accessibilityTraits, iOS 3.0
    open func accessibilityActivate() -> Bool { stub() }  // Apple: UIKit UIView.accessibilityActivate(), iOS 7.0
    open func accessibilityPerformEscape() -> Bool { stub() }  // Apple: UIKit UIView.accessibilityPerformEscape(), iOS 5.0

    public enum ContentMode: Int, Sendable {  // Apple: UIKit UIView.ContentMode, iOS 2.0
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right  // Apple: UIKit UIView.ContentMode cases scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right, iOS 2.0
    }

    public struct AnimationOptions: OptionSet, Sendable {  // Apple: UIKit UIView.AnimationOptions, iOS 4.0
        public let rawValue: UInt  // Apple: UIKit UIView.AnimationOptions.rawValue, iOS 4.0
        public init(rawValue: UInt) { self.rawValue = rawValue }  // Apple: UIKit UIView.AnimationOptions.init(rawValue:), iOS 4.0
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)  // Apple: UIKit UIView.AnimationOptions.allowUserInteraction, iOS 4.0
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)  // Apple: UIKit UIView.AnimationOptions.beginFromCurrentState, iOS 4.0
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)  // Apple: UIKit UIView.AnimationOptions.curveEaseInOut, iOS 4.0
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)  // Apple: UIKit UIView.AnimationOptions.curveEaseOut, iOS 4.0
    }

    open class func animate(  // Apple: UIKit UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:), iOS 7.0
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) { stub() }
    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {  // Apple: UIKit UIView.animate(withDuration:animations:completion:), iOS 4.0
        stub()
    }
}

@MainActor
open class UIControl: UIView {  // Apple: UIKit UIControl, iOS 2.0, @MainActor
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { stub() }  // Apple: UIKit UIControl.beginTracking(_:with:), iOS 2.0
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { stub() }  // Apple: UIKit UIControl.continueTracking(_:with:), iOS 2.0
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) { stub() }  // Apple: UIKit UIControl.endTracking(_:with:), iOS 2.0
    open func cancelTracking(with event: UIEvent?) { stub() }  // Apple: UIKit UIControl.cancelTracking(with:), iOS 2.0
}

public typealias UIActionHandler = (UIAction) -> Void  // Apple: UIKit UIActionHandler, iOS 13.0

@MainActor
open class UIAction: NSObject {  // Apple: UIKit UIAction, iOS 13.0, @MainActor
    @available(iOS 13.0, *)
    public convenience init(title: String = "", image: UIImage? = nil, handler: @escaping UIActionHandler) { stub() }  // Apple: UIKit UIAction.init(title:image:handler:), iOS 13.0
    open var title: String { stub() }  // Apple: UIKit UIAction.title, iOS 13.0
}

@MainActor
open class UIButton: UIControl {  // Apple: UIKit UIButton, iOS 2.0, @MainActor
    @available(iOS 14.0, *)
    public convenience init(type buttonType: UIButton.ButtonType = .system, primaryAction: UIAction?) { self.init(frame: .zero) }  // Apple: UIKit UIButton.init(type:primaryAction:), iOS 14.0
    public convenience init(type buttonType: UIButton.ButtonType) { self.init(frame: .zero) }  // Apple: UIKit UIButton.init(type:), iOS 2.0

    public enum ButtonType: Int, Sendable {  // Apple: UIKit UIButton.ButtonType, iOS 2.0
        case custom, system, detailDisclosure, infoLight, infoDark, contactAdd  // Apple: UIKit UIButton.ButtonType cases custom, system, detailDisclosure, infoLight, infoDark, contactAdd, iOS 2.0
        case close  // Apple: UIKit UIButton.ButtonType.close, iOS 13.0
    }
}

extension UIControl {
    public struct State: OptionSet, Sendable {  // Apple: UIKit UIControl.State, iOS 2.0
        public let rawValue: UInt  // Apple: UIKit UIControl.State.rawValue, iOS 2.0
        public init(rawValue: UInt) { self.rawValue = rawValue }  // Apple: UIKit UIControl.State.init(rawValue:), iOS 2.0
        public static let normal = State([])  // Apple: UIKit UIControl.State.normal, iOS 2.0
        public static let highlighted = State(rawValue: 1 << 0)  // Apple: UIKit UIControl.State.highlighted, iOS 2.0
        public static let disabled = State(rawValue: 1 << 1)  // Apple: UIKit UIControl.State.disabled, iOS 2.0
        public static let selected = State(rawValue: 1 << 2)  // Apple: UIKit UIControl.State.selected, iOS 2.0
    }
}

@MainActor
open class UILabel: UIView {  // Apple: UIKit UILabel, iOS 2.0, @MainActor
    open var text: String? { get { stub() } set { stub() } }  // Apple: UIKit UILabel.text, iOS 2.0
    open var font: UIFont! { get { stub() } set { stub() } }  // Apple: UIKit UILabel.font, iOS 2.0
    open var textColor: UIColor! { get { stub() } set { stub() } }  // Apple: UIKit UILabel.textColor, iOS 2.0
    open var numberOfLines: Int { get { stub() } set { stub() } }  // Apple: UIKit UILabel.numberOfLines, iOS 2.0
    /// From `UIContentSizeCategoryAdjusting`.
    open var adjustsFontForContentSizeCategory: Bool { get { stub() } set { stub() } }  // Apple: UIKit UILabel.adjustsFontForContentSizeCategory, iOS 10.0
}

@MainActor
open class UIImageView: UIView {  // Apple: UIKit UIImageView, iOS 2.0, @MainActor
    public init(image: UIImage?) { super.init(frame: .zero) }  // Apple: UIKit UIImageView.init(image:), iOS 2.0
    public override init(frame: CGRect) { super.init(frame: frame) }  // Apple: UIKit UIImageView.init(frame:), iOS 2.0
    public required init?(coder: NSCoder) { super.init(coder: coder) }  // Apple: UIKit UIImageView.init(coder:), iOS 2.0
    open var image: UIImage? { get { stub() } set { stub() } }  // Apple: UIKit UIImageView.image, iOS 2.0
}

@MainActor
open class UIStackView: UIView {  // Apple: UIKit UIStackView, iOS 9.0, @MainActor
    public override init(frame: CGRect) { super.init(frame: frame) }  // Apple: UIKit UIStackView.init(frame:), iOS 9.0
    public required init(coder: NSCoder) { super.init(frame: .zero) }  // Apple: UIKit UIStackView.init(coder:), iOS 9.0
    public convenience init(arrangedSubviews views: [UIView]) { self.init(frame: .zero) }  // Apple: UIKit UIStackView.init(arrangedSubviews:), iOS 9.0
    open var axis: NSLayoutConstraint.Axis { get { stub() } set { stub() } }  // Apple: UIKit UIStackView.axis, iOS 9.0
    open var spacing: CGFloat { get { stub() } set { stub() } }  // Apple: UIKit UIStackView.spacing, iOS 9.0
    open var alignment: UIStackView.Alignment { get { stub() } set { stub() } }  // Apple: UIKit UIStackView.alignment, iOS 9.0
    open var distribution: UIStackView.Distribution { get { stub() } set { stub() } }  // Apple: UIKit UIStackView.distribution, iOS 9.0
    open func addArrangedSubview(_ view: UIView) { stub() }  // Apple: UIKit UIStackView.addArrangedSubview(_:), iOS 9.0

    public enum Alignment: Int, Sendable {  // Apple: UIKit UIStackView.Alignment, iOS 9.0
        case fill, leading, firstBaseline, center, trailing, lastBaseline  // Apple: UIKit UIStackView.Alignment cases fill, leading, firstBaseline, center, trailing, lastBaseline, iOS 9.0
        public static var top: Alignment { .leading }  // Apple: UIKit UIStackView.Alignment.top, iOS 9.0
        public static var bottom: Alignment { .trailing }  // Apple: UIKit UIStackView.Alignment.bottom, iOS 9.0
    }

    public enum Distribution: Int, Sendable {  // Apple: UIKit UIStackView.Distribution, iOS 9.0
        case fill, fillEqually, fillProportionally, equalSpacing, equalCentering  // Apple: UIKit UIStackView.Distribution cases fill, fillEqually, fillProportionally, equalSpacing, equalCentering, iOS 9.0
    }
}

@MainActor
open class UIWindow: UIView {  // Apple: UIKit UIWindow, iOS 2.0, @MainActor
    @available(iOS 13.0, *) public init(windowScene: UIWindowScene) { super.init(frame: .zero) }  // Apple: UIKit UIWindow.init(windowScene:), iOS 13.0
    public override init(frame: CGRect) { super.init(frame: frame) }  // Apple: UIKit UIWindow.init(frame:), iOS 2.0
    public required init?(coder: NSCoder) { super.init(coder: coder) }  // Apple: UIKit UIWindow.init(coder:), iOS 2.0
    open var windowLevel: UIWindow.Level { get { stub() } set { stub() } }  // Apple: UIKit UIWindow.windowLevel, iOS 2.0
    open var rootViewController: UIViewController? { get { stub() } set { stub() } }  // Apple: UIKit UIWindow.rootViewController, iOS 4.0
    /// `weak` in UIKit.
    @available(iOS 13.0, *) open var windowScene: UIWindowScene? { get { stub() } set { stub() } }  // Apple: UIKit UIWindow.windowScene, iOS 13.0
    open func makeKeyAndVisible() { stub() }  // Apple: UIKit UIWindow.makeKeyAndVisible(), iOS 2.0

    public struct Level: Hashable, RawRepresentable, Sendable {  // Apple: UIKit UIWindow.Level, iOS 2.0
        public let rawValue: CGFloat  // Apple: UIKit UIWindow.Level.rawValue, iOS 2.0
        public init(rawValue: CGFloat) { self.rawValue = rawValue }  // Apple: UIKit UIWindow.Level.init(rawValue:), iOS 2.0
        public static let normal = Level(rawValue: 0)  // Apple: UIKit UIWindow.Level.normal, iOS 2.0
        public static let statusBar = Level(rawValue: 1000)  // Apple: UIKit UIWindow.Level.statusBar, iOS 2.0
        public static let alert = Level(rawValue: 2000)  // Apple: UIKit UIWindow.Level.alert, iOS 2.0
    }
}

@MainActor
open class UITouch: NSObject {  // Apple: UIKit UITouch, iOS 2.0, @MainActor
    open var timestamp: TimeInterval { stub() }  // Apple: UIKit UITouch.timestamp, iOS 2.0
    open func location(in view: UIView?) -> CGPoint { stub() }  // Apple: UIKit UITouch.location(in:), iOS 2.0
}

@MainActor
open class UIEvent: NSObject {  // Apple: UIKit UIEvent, iOS 2.0, @MainActor
    open var timestamp: TimeInterval { stub() }  // Apple: UIKit UIEvent.timestamp, iOS 3.0
}
