// TEST-ONLY declaration stub of Apple's UIKit (Auto Layout) for `make check-apple` on Linux.
// Never shipped; see AppleStubs/README.md. Bodies trap: nothing here runs.
import Foundation

public struct UILayoutPriority: Hashable, RawRepresentable, Sendable {
    public let rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public static let required = UILayoutPriority(rawValue: 1000)
    public static let defaultHigh = UILayoutPriority(rawValue: 750)
    public static let defaultLow = UILayoutPriority(rawValue: 250)
    public static let fittingSizeLevel = UILayoutPriority(rawValue: 50)
}

@MainActor
open class NSLayoutConstraint: NSObject {
    open var constant: CGFloat { get { stub() } set { stub() } }
    open var isActive: Bool { get { stub() } set { stub() } }
    open var priority: UILayoutPriority { get { stub() } set { stub() } }
    open class func activate(_ constraints: [NSLayoutConstraint]) { stub() }
    open class func deactivate(_ constraints: [NSLayoutConstraint]) { stub() }

    public enum Axis: Int, Sendable {
        case horizontal, vertical
    }
}

@MainActor
open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { stub() }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { stub() }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { stub() }
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint { stub() }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        stub()
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint { stub() }
}

@MainActor open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}
@MainActor open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

@MainActor
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { stub() }
    open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { stub() }
    open func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { stub() }
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0) -> NSLayoutConstraint {
        stub()
    }
}

@MainActor
open class UILayoutGuide: NSObject {
    open var topAnchor: NSLayoutYAxisAnchor { stub() }
    open var bottomAnchor: NSLayoutYAxisAnchor { stub() }
    open var centerYAnchor: NSLayoutYAxisAnchor { stub() }
    open var leadingAnchor: NSLayoutXAxisAnchor { stub() }
    open var trailingAnchor: NSLayoutXAxisAnchor { stub() }
    open var centerXAnchor: NSLayoutXAxisAnchor { stub() }
    open var widthAnchor: NSLayoutDimension { stub() }
    open var heightAnchor: NSLayoutDimension { stub() }
}
