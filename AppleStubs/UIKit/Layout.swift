// TEST-ONLY declaration stub of Apple's UIKit (Auto Layout) for `make check-apple` on Linux.
// Never shipped; see AppleStubs/README.md. Bodies trap: nothing here runs.
import Foundation

public struct UILayoutPriority: Hashable, RawRepresentable, Sendable {  // Apple: UIKit UILayoutPriority, iOS 6.0
    public let rawValue: Float  // Apple: UIKit UILayoutPriority.rawValue, iOS 6.0
    public init(rawValue: Float) { self.rawValue = rawValue }  // Apple: UIKit UILayoutPriority.init(rawValue:), iOS 6.0
    public init(_ rawValue: Float) { self.rawValue = rawValue }  // Apple: UIKit UILayoutPriority.init(_:), iOS 6.0
    public static let required = UILayoutPriority(rawValue: 1000)  // Apple: UIKit UILayoutPriority.required, iOS 6.0
    public static let defaultHigh = UILayoutPriority(rawValue: 750)  // Apple: UIKit UILayoutPriority.defaultHigh, iOS 6.0
    public static let defaultLow = UILayoutPriority(rawValue: 250)  // Apple: UIKit UILayoutPriority.defaultLow, iOS 6.0
    public static let fittingSizeLevel = UILayoutPriority(rawValue: 50)  // Apple: UIKit UILayoutPriority.fittingSizeLevel, iOS 6.0
}

@MainActor
open class NSLayoutConstraint: NSObject {  // Apple: UIKit NSLayoutConstraint, iOS 6.0, @MainActor
    open var constant: CGFloat { get { stub() } set { stub() } }  // Apple: UIKit NSLayoutConstraint.constant, iOS 6.0
    open var isActive: Bool { get { stub() } set { stub() } }  // Apple: UIKit NSLayoutConstraint.isActive, iOS 8.0
    open var priority: UILayoutPriority { get { stub() } set { stub() } }  // Apple: UIKit NSLayoutConstraint.priority, iOS 6.0
    open class func activate(_ constraints: [NSLayoutConstraint]) { stub() }  // Apple: UIKit NSLayoutConstraint.activate(_:), iOS 8.0
    open class func deactivate(_ constraints: [NSLayoutConstraint]) { stub() }  // Apple: UIKit NSLayoutConstraint.deactivate(_:), iOS 8.0

    public enum Axis: Int, Sendable {  // Apple: UIKit NSLayoutConstraint.Axis, iOS 6.0
        case horizontal, vertical  // Apple: UIKit NSLayoutConstraint.Axis cases horizontal, vertical, iOS 6.0
    }
}

@MainActor
open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {  // Apple: UIKit NSLayoutAnchor, iOS 9.0, @MainActor
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { stub() }  // Apple: UIKit NSLayoutAnchor.constraint(equalTo:), iOS 9.0
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { stub() }  // Apple: UIKit NSLayoutAnchor.constraint(greaterThanOrEqualTo:), iOS 9.0
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { stub() }  // Apple: UIKit NSLayoutAnchor.constraint(lessThanOrEqualTo:), iOS 9.0
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint { stub() }  // Apple: UIKit NSLayoutAnchor.constraint(equalTo:constant:), iOS 9.0
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {  // Apple: UIKit NSLayoutAnchor.constraint(greaterThanOrEqualTo:constant:), iOS 9.0
        stub()
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint { stub() }  // Apple: UIKit NSLayoutAnchor.constraint(lessThanOrEqualTo:constant:), iOS 9.0
}

@MainActor open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}  // Apple: UIKit NSLayoutXAxisAnchor, iOS 9.0, @MainActor
@MainActor open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}  // Apple: UIKit NSLayoutYAxisAnchor, iOS 9.0, @MainActor

@MainActor
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {  // Apple: UIKit NSLayoutDimension, iOS 9.0, @MainActor
    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { stub() }  // Apple: UIKit NSLayoutDimension.constraint(equalToConstant:), iOS 9.0
    open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { stub() }  // Apple: UIKit NSLayoutDimension.constraint(greaterThanOrEqualToConstant:), iOS 9.0
    open func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { stub() }  // Apple: UIKit NSLayoutDimension.constraint(lessThanOrEqualToConstant:), iOS 9.0
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0) -> NSLayoutConstraint {  // Apple: UIKit NSLayoutDimension.constraint(equalTo:multiplier:constant:), iOS 9.0
        stub()
    }
}

@MainActor
open class UILayoutGuide: NSObject {  // Apple: UIKit UILayoutGuide, iOS 9.0, @MainActor
    open var topAnchor: NSLayoutYAxisAnchor { stub() }  // Apple: UIKit UILayoutGuide.topAnchor, iOS 9.0
    open var bottomAnchor: NSLayoutYAxisAnchor { stub() }  // Apple: UIKit UILayoutGuide.bottomAnchor, iOS 9.0
    open var centerYAnchor: NSLayoutYAxisAnchor { stub() }  // Apple: UIKit UILayoutGuide.centerYAnchor, iOS 9.0
    open var leadingAnchor: NSLayoutXAxisAnchor { stub() }  // Apple: UIKit UILayoutGuide.leadingAnchor, iOS 9.0
    open var trailingAnchor: NSLayoutXAxisAnchor { stub() }  // Apple: UIKit UILayoutGuide.trailingAnchor, iOS 9.0
    open var centerXAnchor: NSLayoutXAxisAnchor { stub() }  // Apple: UIKit UILayoutGuide.centerXAnchor, iOS 9.0
    open var widthAnchor: NSLayoutDimension { stub() }  // Apple: UIKit UILayoutGuide.widthAnchor, iOS 9.0
    open var heightAnchor: NSLayoutDimension { stub() }  // Apple: UIKit UILayoutGuide.heightAnchor, iOS 9.0
}
