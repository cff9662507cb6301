// TEST-ONLY declaration stub of Apple's UserNotifications framework for `make check-apple`
// on Linux. Never shipped; see AppleStubs/README.md. Bodies trap: nothing here runs.
@_exported import Foundation

@usableFromInline func stub() -> Never { fatalError("AppleStubs: declaration only") }


@available(iOS 10.0, *)
public struct UNAuthorizationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNAuthorizationOptions(rawValue: 1 << 0)
    public static let sound = UNAuthorizationOptions(rawValue: 1 << 1)
    public static let alert = UNAuthorizationOptions(rawValue: 1 << 2)
    public static let carPlay = UNAuthorizationOptions(rawValue: 1 << 3)
    @available(iOS 12.0, *) public static let criticalAlert = UNAuthorizationOptions(rawValue: 1 << 4)
    @available(iOS 12.0, *) public static let providesAppNotificationSettings = UNAuthorizationOptions(rawValue: 1 << 5)
    @available(iOS 12.0, *) public static let provisional = UNAuthorizationOptions(rawValue: 1 << 6)
}

@available(iOS 10.0, *)
public struct UNNotificationPresentationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)
    public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
    @available(iOS, introduced: 10.0, deprecated: 14.0, message: "Use -list and -banner instead.")
    public static let alert = UNNotificationPresentationOptions(rawValue: 1 << 2)
    @available(iOS 14.0, *) public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
    @available(iOS 14.0, *) public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)
}

@available(iOS 10.0, *)
open class UNUserNotificationCenter: NSObject {
    open weak var delegate: (any UNUserNotificationCenterDelegate)?
    open class func current() -> UNUserNotificationCenter { stub() }
    open func requestAuthorization(
        options: UNAuthorizationOptions = [], completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) { stub() }
    open func setNotificationCategories(_ categories: Set<UNNotificationCategory>) { stub() }
    open func add(_ request: UNNotificationRequest, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        stub()
    }
    @available(iOS 16.0, *)
    open func setBadgeCount(_ newBadgeCount: Int, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        stub()
    }
}

/// Linux: `optional` requirements need `@objc`. The two methods Herald implements are
/// required here (a misspelt signature then fails the check); the third has a default.
@available(iOS 10.0, *)
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void)
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void)
    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?)
}

extension UNUserNotificationCenterDelegate {
    public func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {}
}

@available(iOS 10.0, *)
open class UNNotification: NSObject {
    open var request: UNNotificationRequest { stub() }
}

@available(iOS 10.0, *)
open class UNNotificationRequest: NSObject {
    open var identifier: String { stub() }
    open var content: UNNotificationContent { stub() }
    open var trigger: UNNotificationTrigger? { stub() }
    public convenience init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) { stub() }
}

@available(iOS 10.0, *)
open class UNNotificationContent: NSObject {
    open var title: String { stub() }
    open var subtitle: String { stub() }
    open var body: String { stub() }
    open var badge: NSNumber? { stub() }
    open var sound: UNNotificationSound? { stub() }
    open var threadIdentifier: String { stub() }
    open var categoryIdentifier: String { stub() }
    open var userInfo: [AnyHashable: Any] { stub() }
    open var attachments: [UNNotificationAttachment] { stub() }
}

@available(iOS 10.0, *)
open class UNNotificationAttachment: NSObject {
    open var identifier: String { stub() }
    open var url: URL { stub() }
    public convenience init(identifier: String, url URL: URL, options: [AnyHashable: Any]? = nil) throws { stub() }
}

@available(iOS 10.0, *)
open class UNMutableNotificationContent: UNNotificationContent {
    open override var title: String { get { stub() } set { stub() } }
    open override var subtitle: String { get { stub() } set { stub() } }
    open override var body: String { get { stub() } set { stub() } }
    open override var badge: NSNumber? { get { stub() } set { stub() } }
    open override var sound: UNNotificationSound? { get { stub() } set { stub() } }
    open override var threadIdentifier: String { get { stub() } set { stub() } }
    open override var categoryIdentifier: String { get { stub() } set { stub() } }
    open override var userInfo: [AnyHashable: Any] { get { stub() } set { stub() } }
    open override var attachments: [UNNotificationAttachment] { get { stub() } set { stub() } }
}

@available(iOS 10.0, *)
public struct UNNotificationSoundName: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

@available(iOS 10.0, *)
open class UNNotificationSound: NSObject {
    open class var `default`: UNNotificationSound { stub() }
    public convenience init(named name: UNNotificationSoundName) { stub() }
    @available(iOS 12.0, *) open class var defaultCritical: UNNotificationSound { stub() }
    @available(iOS 12.0, *) open class func defaultCriticalSound(withAudioVolume volume: Float) -> UNNotificationSound { stub() }
    @available(iOS 12.0, *) open class func criticalSoundNamed(_ name: UNNotificationSoundName) -> UNNotificationSound { stub() }
    @available(iOS 12.0, *)
    open class func criticalSoundNamed(_ name: UNNotificationSoundName, withAudioVolume volume: Float) -> UNNotificationSound { stub() }
}

@available(iOS 10.0, *)
open class UNNotificationTrigger: NSObject {
}

@available(iOS 10.0, *)
open class UNPushNotificationTrigger: UNNotificationTrigger {}

@available(iOS 10.0, *)
open class UNNotificationResponse: NSObject {
    open var notification: UNNotification { stub() }
    open var actionIdentifier: String { stub() }
}

@available(iOS 10.0, *)
open class UNTextInputNotificationResponse: UNNotificationResponse {
    open var userText: String { stub() }
}

@available(iOS 10.0, *)
public struct UNNotificationActionOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let authenticationRequired = UNNotificationActionOptions(rawValue: 1 << 0)
    public static let destructive = UNNotificationActionOptions(rawValue: 1 << 1)
    public static let foreground = UNNotificationActionOptions(rawValue: 1 << 2)
}

@available(iOS 10.0, *)
open class UNNotificationAction: NSObject {
    open var identifier: String { stub() }
    open var title: String { stub() }
    public convenience init(identifier: String, title: String, options: UNNotificationActionOptions = []) { stub() }
}

@available(iOS 10.0, *)
public struct UNNotificationCategoryOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let customDismissAction = UNNotificationCategoryOptions(rawValue: 1 << 0)
    public static let allowInCarPlay = UNNotificationCategoryOptions(rawValue: 1 << 1)
}

@available(iOS 10.0, *)
open class UNNotificationCategory: NSObject {
    open var identifier: String { stub() }
    open var actions: [UNNotificationAction] { stub() }
    public convenience init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        options: UNNotificationCategoryOptions = []
    ) { stub() }
}

@available(iOS 10.0, *)
open class UNNotificationServiceExtension: NSObject {
    public override init() { super.init() }
    open func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        stub()
    }
    open func serviceExtensionTimeWillExpire() { stub() }
}
