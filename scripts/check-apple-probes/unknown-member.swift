// expect: has no member 'setBadgeNumber'
// Only what Apple declares exists: a plausible but wrong name must not type-check.
import UserNotifications

func clear() { UNUserNotificationCenter.current().setBadgeNumber(0) }
