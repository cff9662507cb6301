// TEST-ONLY declaration stub of Apple's UIKit (views) for `make check-apple` on Linux.
// Never shipped; see AppleStubs/README.md. Bodies trap: nothing here runs.
import Foundation

/// QuartzCore's layer, which UIKit re-exports.
open class CALayer: NSObject {
    open var cornerRadius: CGFloat { get { stub() } set { stub() } }
    @available(iOS 13.0, *) open var cornerCurve: CALayerCornerCurve { get { stub() } set { stub() } }
}

public struct CALayerCornerCurve: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    @available(iOS 13.0, *) public static let circular = CALayerCornerCurve(rawValue: "circular")
    @available(iOS 13.0, *) public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

public struct NSDirectionalEdgeInsets: Equatable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    public static let zero = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
}

public struct UIAccessibilityTraits: OptionSet, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static let none = UIAccessibilityTraits([])
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
}

@MainActor
open class UIView: UIResponder {
    public init(frame: CGRect) { super.init() }
    public required init?(coder: NSCoder) { super.init() }
    public convenience override init() { self.init(frame: .zero) }

    open var frame: CGRect { get { stub() } set { stub() } }
    open var bounds: CGRect { get { stub() } set { stub() } }
    open var backgroundColor: UIColor? { get { stub() } set { stub() } }
    open var isHidden: Bool { get { stub() } set { stub() } }
    open var clipsToBounds: Bool { get { stub() } set { stub() } }
    open var isUserInteractionEnabled: Bool { get { stub() } set { stub() } }
    open var contentMode: UIView.ContentMode { get { stub() } set { stub() } }
    open var layer: CALayer { stub() }
    open var window: UIWindow? { stub() }
    open var translatesAutoresizingMaskIntoConstraints: Bool { get { stub() } set { stub() } }
    open var directionalLayoutMargins: NSDirectionalEdgeInsets { get { stub() } set { stub() } }

    open func addSubview(_ view: UIView) { stub() }
    open func removeFromSuperview() { stub() }
    open func layoutIfNeeded() { stub() }
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? { stub() }
    open func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) { stub() }
    open func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) { stub() }

    // Layout anchors and guides.
    open var topAnchor: NSLayoutYAxisAnchor { stub() }
    open var bottomAnchor: NSLayoutYAxisAnchor { stub() }
    open var centerYAnchor: NSLayoutYAxisAnchor { stub() }
    open var leadingAnchor: NSLayoutXAxisAnchor { stub() }
    open var trailingAnchor: NSLayoutXAxisAnchor { stub() }
    open var centerXAnchor: NSLayoutXAxisAnchor { stub() }
    open var widthAnchor: NSLayoutDimension { stub() }
    open var heightAnchor: NSLayoutDimension { stub() }
    open var safeAreaLayoutGuide: UILayoutGuide { stub() }
    open var layoutMarginsGuide: UILayoutGuide { stub() }

    // Linux: UIKit declares these on NSObject (UIAccessibility informal protocol, in
    // Objective-C categories); overridable Swift members need a class here.
    open var isAccessibilityElement: Bool { get { stub() } set { stub() } }
    open var accessibilityLabel: String? { get { stub() } set { stub() } }
    open var accessibilityTraits: UIAccessibilityTraits { get { stub() } set { stub() } }
    open func accessibilityActivate() -> Bool { stub() }
    open func accessibilityPerformEscape() -> Bool { stub() }

    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
    }

    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    }

    open class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) { stub() }
    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        stub()
    }
}

@MainActor
open class UIControl: UIView {
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { stub() }
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { stub() }
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) { stub() }
    open func cancelTracking(with event: UIEvent?) { stub() }
}

public typealias UIActionHandler = (UIAction) -> Void

@MainActor
open class UIAction: NSObject {
    @available(iOS 13.0, *)
    public convenience init(title: String = "", image: UIImage? = nil, handler: @escaping UIActionHandler) { stub() }
    open var title: String { stub() }
}

@MainActor
open class UIButton: UIControl {
    @available(iOS 14.0, *)
    public convenience init(type buttonType: UIButton.ButtonType = .system, primaryAction: UIAction?) { self.init(frame: .zero) }
    public convenience init(type buttonType: UIButton.ButtonType) { self.init(frame: .zero) }

    public enum ButtonType: Int, Sendable {
        case custom, system, detailDisclosure, infoLight, infoDark, contactAdd, close
    }
}

extension UIControl {
    public struct State: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }
}

@MainActor
open class UILabel: UIView {
    open var text: String? { get { stub() } set { stub() } }
    open var font: UIFont! { get { stub() } set { stub() } }
    open var textColor: UIColor! { get { stub() } set { stub() } }
    open var numberOfLines: Int { get { stub() } set { stub() } }
    /// From `UIContentSizeCategoryAdjusting`.
    open var adjustsFontForContentSizeCategory: Bool { get { stub() } set { stub() } }
}

@MainActor
open class UIImageView: UIView {
    public init(image: UIImage?) { super.init(frame: .zero) }
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    open var image: UIImage? { get { stub() } set { stub() } }
}

@MainActor
open class UIStackView: UIView {
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init(coder: NSCoder) { super.init(frame: .zero) }
    public convenience init(arrangedSubviews views: [UIView]) { self.init(frame: .zero) }
    open var axis: NSLayoutConstraint.Axis { get { stub() } set { stub() } }
    open var spacing: CGFloat { get { stub() } set { stub() } }
    open var alignment: UIStackView.Alignment { get { stub() } set { stub() } }
    open var distribution: UIStackView.Distribution { get { stub() } set { stub() } }
    open func addArrangedSubview(_ view: UIView) { stub() }

    public enum Alignment: Int, Sendable {
        case fill, leading, firstBaseline, center, trailing, lastBaseline
        public static var top: Alignment { .leading }
        public static var bottom: Alignment { .trailing }
    }

    public enum Distribution: Int, Sendable {
        case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
    }
}

@MainActor
open class UIWindow: UIView {
    @available(iOS 13.0, *) public init(windowScene: UIWindowScene) { super.init(frame: .zero) }
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    open var windowLevel: UIWindow.Level { get { stub() } set { stub() } }
    open var rootViewController: UIViewController? { get { stub() } set { stub() } }
    /// `weak` in UIKit.
    @available(iOS 13.0, *) open var windowScene: UIWindowScene? { get { stub() } set { stub() } }
    open func makeKeyAndVisible() { stub() }

    public struct Level: Hashable, RawRepresentable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = Level(rawValue: 0)
        public static let statusBar = Level(rawValue: 1000)
        public static let alert = Level(rawValue: 2000)
    }
}

@MainActor
open class UITouch: NSObject {
    open var timestamp: TimeInterval { stub() }
    open func location(in view: UIView?) -> CGPoint { stub() }
}

@MainActor
open class UIEvent: NSObject {
    open var timestamp: TimeInterval { stub() }
}
