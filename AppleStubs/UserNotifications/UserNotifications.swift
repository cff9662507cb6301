// TEST-ONLY declaration stub of Apple's UserNotifications framework for `make check-apple`
// on Linux. Never shipped; see AppleStubs/README.md. Bodies trap: nothing here runs.
@_exported import Foundation

@usableFromInline func stub() -> Never { fatalError("AppleStubs: declaration only") }


@available(iOS 10.0, *)
public struct UNAuthorizationOptions: OptionSet, Sendable {  // Apple: UserNotifications UNAuthorizationOptions, iOS 10.0
    public let rawValue: UInt  // Apple: UserNotifications UNAuthorizationOptions.rawValue, iOS 10.0
    public init(rawValue: UInt) { self.rawValue = rawValue }  // Apple: UserNotifications UNAuthorizationOptions.init(rawValue:), iOS 10.0
    public static let badge = UNAuthorizationOptions(rawValue: 1 << 0)  // Apple: UserNotifications UNAuthorizationOptions.badge, iOS 10.0
    public static let sound = UNAuthorizationOptions(rawValue: 1 << 1)  // Apple: UserNotifications UNAuthorizationOptions.sound, iOS 10.0
    public static let alert = UNAuthorizationOptions(rawValue: 1 << 2)  // Apple: UserNotifications UNAuthorizationOptions.alert, iOS 10.0
    public static let carPlay = UNAuthorizationOptions(rawValue: 1 << 3)  // Apple: UserNotifications UNAuthorizationOptions.carPlay, iOS 10.0
    @available(iOS 12.0, *) public static let criticalAlert = UNAuthorizationOptions(rawValue: 1 << 4)  // Apple: UserNotifications UNAuthorizationOptions.criticalAlert, iOS 12.0
    @available(iOS 12.0, *) public static let providesAppNotificationSettings = UNAuthorizationOptions(rawValue: 1 << 5)  // Apple: UserNotifications UNAuthorizationOptions.providesAppNotificationSettings, iOS 12.0
    @available(iOS 12.0, *) public static let provisional = UNAuthorizationOptions(rawValue: 1 << 6)  // Apple: UserNotifications UNAuthorizationOptions.provisional, iOS 12.0
}

@available(iOS 10.0, *)
public struct UNNotificationPresentationOptions: OptionSet, Sendable {  // Apple: UserNotifications UNNotificationPresentationOptions, iOS 10.0
    public let rawValue: UInt  // Apple: UserNotifications UNNotificationPresentationOptions.rawValue, iOS 10.0
    public init(rawValue: UInt) { self.rawValue = rawValue }  // Apple: UserNotifications UNNotificationPresentationOptions.init(rawValue:), iOS 10.0
    public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)  // Apple: UserNotifications UNNotificationPresentationOptions.badge, iOS 10.0
    public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)  // Apple: UserNotifications UNNotificationPresentationOptions.sound, iOS 10.0
    @available(iOS, introduced: 10.0, deprecated: 14.0, message: "Use -list and -banner instead.")
    public static let alert = UNNotificationPresentationOptions(rawValue: 1 << 2)  // Apple: UserNotifications UNNotificationPresentationOptions.alert, iOS 10.0
    @available(iOS 14.0, *) public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)  // Apple: UserNotifications UNNotificationPresentationOptions.list, iOS 14.0
    @available(iOS 14.0, *) public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)  // Apple: UserNotifications UNNotificationPresentationOptions.banner, iOS 14.0
}

@available(iOS 10.0, *)
open class UNUserNotificationCenter: NSObject {  // Apple: UserNotifications UNUserNotificationCenter, iOS 10.0
    open weak var delegate: (any UNUserNotificationCenterDelegate)?  // Apple: UserNotifications UNUserNotificationCenter.delegate, iOS 10.0
    open class func current() -> UNUserNotificationCenter { stub() }  // Apple: UserNotifications UNUserNotificationCenter.current(), iOS 10.0
    open func requestAuthorization(  // Apple: UserNotifications UNUserNotificationCenter.requestAuthorization(options:completionHandler:), iOS 10.0
        options: UNAuthorizationOptions = [], completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) { stub() }
    open func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool { stub() }  // Apple: UserNotifications UNUserNotificationCenter.requestAuthorization(options:), iOS 10.0, the async variant
    open func setNotificationCategories(_ categories: Set<UNNotificationCategory>) { stub() }  // Apple: UserNotifications UNUserNotificationCenter.setNotificationCategories(_:), iOS 10.0
    open func add(_ request: UNNotificationRequest, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {  // Apple: UserNotifications UNUserNotificationCenter.add(_:withCompletionHandler:), iOS 10.0
        stub()
    }
    open func add(_ request: UNNotificationRequest) async throws { stub() }  // Apple: UserNotifications UNUserNotificationCenter.add(_:), iOS 10.0, the async variant
    open func getDeliveredNotifications(completionHandler: @escaping @Sendable ([UNNotification]) -> Void) { stub() }  // Apple: UserNotifications UNUserNotificationCenter.getDeliveredNotifications(completionHandler:), iOS 10.0
    open func deliveredNotifications() async -> [UNNotification] { stub() }  // Apple: UserNotifications UNUserNotificationCenter.deliveredNotifications(), iOS 10.0, the async variant
    open func removeDeliveredNotifications(withIdentifiers identifiers: [String]) { stub() }  // Apple: UserNotifications UNUserNotificationCenter.removeDeliveredNotifications(withIdentifiers:), iOS 10.0
    @available(iOS 16.0, *)
    open func setBadgeCount(_ newBadgeCount: Int, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {  // Apple: UserNotifications UNUserNotificationCenter.setBadgeCount(_:withCompletionHandler:), iOS 16.0
        stub()
    }
    @available(iOS 16.0, *)
    open func setBadgeCount(_ newBadgeCount: Int) async throws { stub() }  // Apple: UserNotifications UNUserNotificationCenter.setBadgeCount(_:), iOS 16.0, the async variant
}

/// Linux: `optional` requirements need `@objc`. The two methods Herald implements are
/// required here (a misspelt signature then fails the check); the others have defaults.
/// Not `@MainActor`, and the completion handlers are `@Sendable`: the stricter reading (see
/// "Unverified shapes" in AppleStubs/README.md), as iOS may call them off the main thread.
@available(iOS 10.0, *)
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {  // Apple: UserNotifications UNUserNotificationCenterDelegate, iOS 10.0
    func userNotificationCenter(  // Apple: UserNotifications UNUserNotificationCenterDelegate.userNotificationCenter(_:willPresent:withCompletionHandler:), iOS 10.0
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void)
    func userNotificationCenter(  // Apple: UserNotifications UNUserNotificationCenterDelegate.userNotificationCenter(_:didReceive:withCompletionHandler:), iOS 10.0
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void)
    func userNotificationCenter(  // Apple: UserNotifications UNUserNotificationCenterDelegate.userNotificationCenter(_:willPresent:), iOS 10.0, the async variant
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification) async -> UNNotificationPresentationOptions
    func userNotificationCenter(  // Apple: UserNotifications UNUserNotificationCenterDelegate.userNotificationCenter(_:didReceive:), iOS 10.0, the async variant
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async
    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?)  // Apple: UserNotifications UNUserNotificationCenterDelegate.userNotificationCenter(_:openSettingsFor:), iOS 10.0
}

extension UNUserNotificationCenterDelegate {
    public func userNotificationCenter(  // Linux: the default of an optional requirement (Apple: UserNotifications UNUserNotificationCenterDelegate.userNotificationCenter(_:willPresent:), iOS 10.0)
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions { stub() }
    public func userNotificationCenter(  // Linux: the default of an optional requirement (Apple: UserNotifications UNUserNotificationCenterDelegate.userNotificationCenter(_:didReceive:), iOS 10.0)
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse
    ) async { stub() }
    public func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {}  // Linux: the default of an optional requirement (Apple: UserNotifications UNUserNotificationCenterDelegate.userNotificationCenter(_:openSettingsFor:), iOS 10.0)
}

@available(iOS 10.0, *)
open class UNNotification: NSObject, @unchecked Sendable {  // Apple: UserNotifications UNNotification, iOS 10.0, Sendable (iOS 18 SDK)
    open var request: UNNotificationRequest { stub() }  // Apple: UserNotifications UNNotification.request, iOS 10.0
}

@available(iOS 10.0, *)
open class UNNotificationRequest: NSObject, @unchecked Sendable {  // Apple: UserNotifications UNNotificationRequest, iOS 10.0, Sendable (iOS 18 SDK)
    open var identifier: String { stub() }  // Apple: UserNotifications UNNotificationRequest.identifier, iOS 10.0
    open var content: UNNotificationContent { stub() }  // Apple: UserNotifications UNNotificationRequest.content, iOS 10.0
    open var trigger: UNNotificationTrigger? { stub() }  // Apple: UserNotifications UNNotificationRequest.trigger, iOS 10.0
    public convenience init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) { stub() }  // Apple: UserNotifications UNNotificationRequest.init(identifier:content:trigger:), iOS 10.0
}

@available(iOS 10.0, *)
open class UNNotificationContent: NSObject, @unchecked Sendable {  // Apple: UserNotifications UNNotificationContent, iOS 10.0, Sendable (iOS 18 SDK)
    open var title: String { stub() }  // Apple: UserNotifications UNNotificationContent.title, iOS 10.0
    open var subtitle: String { stub() }  // Apple: UserNotifications UNNotificationContent.subtitle, iOS 10.0
    open var body: String { stub() }  // Apple: UserNotifications UNNotificationContent.body, iOS 10.0
    open var badge: NSNumber? { stub() }  // Apple: UserNotifications UNNotificationContent.badge, iOS 10.0
    open var sound: UNNotificationSound? { stub() }  // Apple: UserNotifications UNNotificationContent.sound, iOS 10.0
    open var threadIdentifier: String { stub() }  // Apple: UserNotifications UNNotificationContent.threadIdentifier, iOS 10.0
    open var categoryIdentifier: String { stub() }  // Apple: UserNotifications UNNotificationContent.categoryIdentifier, iOS 10.0
    open var userInfo: [AnyHashable: Any] { stub() }  // Apple: UserNotifications UNNotificationContent.userInfo, iOS 10.0
    open var attachments: [UNNotificationAttachment] { stub() }  // Apple: UserNotifications UNNotificationContent.attachments, iOS 10.0
}

@available(iOS 10.0, *)
open class UNNotificationAttachment: NSObject {  // Apple: UserNotifications UNNotificationAttachment, iOS 10.0
    open var identifier: String { stub() }  // Apple: UserNotifications UNNotificationAttachment.identifier, iOS 10.0
    open var url: URL { stub() }  // Apple: UserNotifications UNNotificationAttachment.url, iOS 10.0
    public convenience init(identifier: String, url URL: URL, options: [AnyHashable: Any]? = nil) throws { stub() }  // Apple: UserNotifications UNNotificationAttachment.init(identifier:url:options:), iOS 10.0
}

/// Sendable by inheritance here (Swift cannot take a class's conformance away); see
/// "Unverified shapes" in AppleStubs/README.md.
@available(iOS 10.0, *)
open class UNMutableNotificationContent: UNNotificationContent {  // Apple: UserNotifications UNMutableNotificationContent, iOS 10.0
    open override var title: String { get { stub() } set { stub() } }  // Apple: UserNotifications UNMutableNotificationContent.title, iOS 10.0
    open override var subtitle: String { get { stub() } set { stub() } }  // Apple: UserNotifications UNMutableNotificationContent.subtitle, iOS 10.0
    open override var body: String { get { stub() } set { stub() } }  // Apple: UserNotifications UNMutableNotificationContent.body, iOS 10.0
    open override var badge: NSNumber? { get { stub() } set { stub() } }  // Apple: UserNotifications UNMutableNotificationContent.badge, iOS 10.0
    open override var sound: UNNotificationSound? { get { stub() } set { stub() } }  // Apple: UserNotifications UNMutableNotificationContent.sound, iOS 10.0
    open override var threadIdentifier: String { get { stub() } set { stub() } }  // Apple: UserNotifications UNMutableNotificationContent.threadIdentifier, iOS 10.0
    open override var categoryIdentifier: String { get { stub() } set { stub() } }  // Apple: UserNotifications UNMutableNotificationContent.categoryIdentifier, iOS 10.0
    open override var userInfo: [AnyHashable: Any] { get { stub() } set { stub() } }  // Apple: UserNotifications UNMutableNotificationContent.userInfo, iOS 10.0
    open override var attachments: [UNNotificationAttachment] { get { stub() } set { stub() } }  // Apple: UserNotifications UNMutableNotificationContent.attachments, iOS 10.0
}

@available(iOS 10.0, *)
public struct UNNotificationSoundName: Hashable, RawRepresentable, Sendable {  // Apple: UserNotifications UNNotificationSoundName, iOS 10.0
    public let rawValue: String  // Apple: UserNotifications UNNotificationSoundName.rawValue, iOS 10.0
    public init(rawValue: String) { self.rawValue = rawValue }  // Apple: UserNotifications UNNotificationSoundName.init(rawValue:), iOS 10.0
    public init(_ rawValue: String) { self.rawValue = rawValue }  // Apple: UserNotifications UNNotificationSoundName.init(_:), iOS 10.0
}

@available(iOS 10.0, *)
open class UNNotificationSound: NSObject, @unchecked Sendable {  // Apple: UserNotifications UNNotificationSound, iOS 10.0, Sendable (iOS 18 SDK)
    open class var `default`: UNNotificationSound { stub() }  // Apple: UserNotifications UNNotificationSound.default, iOS 10.0
    public convenience init(named name: UNNotificationSoundName) { stub() }  // Apple: UserNotifications UNNotificationSound.init(named:), iOS 10.0
    @available(iOS 12.0, *) open class var defaultCritical: UNNotificationSound { stub() }  // Apple: UserNotifications UNNotificationSound.defaultCritical, iOS 12.0
    @available(iOS 12.0, *) open class func defaultCriticalSound(withAudioVolume volume: Float) -> Self { stub() }  // Apple: UserNotifications UNNotificationSound.defaultCriticalSound(withAudioVolume:), iOS 12.0
    @available(iOS 12.0, *) open class func criticalSoundNamed(_ name: UNNotificationSoundName) -> Self { stub() }  // Apple: UserNotifications UNNotificationSound.criticalSoundNamed(_:), iOS 12.0
    @available(iOS 12.0, *)
    open class func criticalSoundNamed(_ name: UNNotificationSoundName, withAudioVolume volume: Float) -> Self { stub() }  // Apple: UserNotifications UNNotificationSound.criticalSoundNamed(_:withAudioVolume:), iOS 12.0
}

@available(iOS 10.0, *)
open class UNNotificationTrigger: NSObject {  // Apple: UserNotifications UNNotificationTrigger, iOS 10.0
}

@available(iOS 10.0, *)
open class UNPushNotificationTrigger: UNNotificationTrigger {}  // Apple: UserNotifications UNPushNotificationTrigger, iOS 10.0

@available(iOS 10.0, *)
open class UNNotificationResponse: NSObject, @unchecked Sendable {  // Apple: UserNotifications UNNotificationResponse, iOS 10.0, Sendable (iOS 18 SDK)
    open var notification: UNNotification { stub() }  // Apple: UserNotifications UNNotificationResponse.notification, iOS 10.0
    open var actionIdentifier: String { stub() }  // Apple: UserNotifications UNNotificationResponse.actionIdentifier, iOS 10.0
}

@available(iOS 10.0, *)
open class UNTextInputNotificationResponse: UNNotificationResponse {  // Apple: UserNotifications UNTextInputNotificationResponse, iOS 10.0
    open var userText: String { stub() }  // Apple: UserNotifications UNTextInputNotificationResponse.userText, iOS 10.0
}

@available(iOS 10.0, *)
public struct UNNotificationActionOptions: OptionSet, Sendable {  // Apple: UserNotifications UNNotificationActionOptions, iOS 10.0
    public let rawValue: UInt  // Apple: UserNotifications UNNotificationActionOptions.rawValue, iOS 10.0
    public init(rawValue: UInt) { self.rawValue = rawValue }  // Apple: UserNotifications UNNotificationActionOptions.init(rawValue:), iOS 10.0
    public static let authenticationRequired = UNNotificationActionOptions(rawValue: 1 << 0)  // Apple: UserNotifications UNNotificationActionOptions.authenticationRequired, iOS 10.0
    public static let destructive = UNNotificationActionOptions(rawValue: 1 << 1)  // Apple: UserNotifications UNNotificationActionOptions.destructive, iOS 10.0
    public static let foreground = UNNotificationActionOptions(rawValue: 1 << 2)  // Apple: UserNotifications UNNotificationActionOptions.foreground, iOS 10.0
}

@available(iOS 10.0, *)
open class UNNotificationAction: NSObject {  // Apple: UserNotifications UNNotificationAction, iOS 10.0
    open var identifier: String { stub() }  // Apple: UserNotifications UNNotificationAction.identifier, iOS 10.0
    open var title: String { stub() }  // Apple: UserNotifications UNNotificationAction.title, iOS 10.0
    public convenience init(identifier: String, title: String, options: UNNotificationActionOptions = []) { stub() }  // Apple: UserNotifications UNNotificationAction.init(identifier:title:options:), iOS 10.0
}

@available(iOS 10.0, *)
public struct UNNotificationCategoryOptions: OptionSet, Sendable {  // Apple: UserNotifications UNNotificationCategoryOptions, iOS 10.0
    public let rawValue: UInt  // Apple: UserNotifications UNNotificationCategoryOptions.rawValue, iOS 10.0
    public init(rawValue: UInt) { self.rawValue = rawValue }  // Apple: UserNotifications UNNotificationCategoryOptions.init(rawValue:), iOS 10.0
    public static let customDismissAction = UNNotificationCategoryOptions(rawValue: 1 << 0)  // Apple: UserNotifications UNNotificationCategoryOptions.customDismissAction, iOS 10.0
    public static let allowInCarPlay = UNNotificationCategoryOptions(rawValue: 1 << 1)  // Apple: UserNotifications UNNotificationCategoryOptions.allowInCarPlay, iOS 10.0
}

@available(iOS 10.0, *)
open class UNNotificationCategory: NSObject {  // Apple: UserNotifications UNNotificationCategory, iOS 10.0
    open var identifier: String { stub() }  // Apple: UserNotifications UNNotificationCategory.identifier, iOS 10.0
    open var actions: [UNNotificationAction] { stub() }  // Apple: UserNotifications UNNotificationCategory.actions, iOS 10.0
    public convenience init(  // Apple: UserNotifications UNNotificationCategory.init(identifier:actions:intentIdentifiers:options:), iOS 10.0
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        options: UNNotificationCategoryOptions = []
    ) { stub() }
}

@available(iOS 10.0, *)
open class UNNotificationServiceExtension: NSObject {  // Apple: UserNotifications UNNotificationServiceExtension, iOS 10.0
    public override init() { super.init() }  // Apple: UserNotifications UNNotificationServiceExtension.init(), iOS 10.0
    open func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {  // Apple: UserNotifications UNNotificationServiceExtension.didReceive(_:withContentHandler:), iOS 10.0
        stub()
    }
    open func serviceExtensionTimeWillExpire() { stub() }  // Apple: UserNotifications UNNotificationServiceExtension.serviceExtensionTimeWillExpire(), iOS 10.0
}
