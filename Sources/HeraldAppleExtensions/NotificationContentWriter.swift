#if canImport(UserNotifications)
import Foundation
import HeraldCore
import UserNotifications

/// Writes the pipeline's delivered content into the system's content: one property per
/// field, one `UNNotificationAttachment` per saved file (the core decided type and size).
enum NotificationContentWriter {
    static func content(for delivery: ServiceDelivery, original: UNNotificationContent) -> UNNotificationContent {
        guard let content = delivery.content, let mutable = original.mutableCopy() as? UNMutableNotificationContent else {
            return original
        }
        if let title = content.title { mutable.title = title }
        if let subtitle = content.subtitle { mutable.subtitle = subtitle }
        if let body = content.body { mutable.body = body }
        if let category = content.categoryIdentifier { mutable.categoryIdentifier = category }
        if let thread = content.threadIdentifier { mutable.threadIdentifier = thread }
        if let badge = content.badge { mutable.badge = NSNumber(value: badge) }
        if let sound = content.sound { mutable.sound = .herald(sound.systemSound) }
        mutable.attachments = content.attachments.compactMap { saved in
            try? UNNotificationAttachment(identifier: saved.source, url: URL(fileURLWithPath: saved.path), options: nil)
        }
        return mutable
    }
}

extension UNNotificationSound {
    /// The system sound the core chose; a critical one keeps its name and volume.
    static func herald(_ sound: SystemSound) -> UNNotificationSound {
        switch sound {
        case .systemDefault: return .default
        case .named(let name): return UNNotificationSound(named: UNNotificationSoundName(name))
        case .criticalDefault(nil): return .defaultCritical
        case .criticalDefault(let volume?): return .defaultCriticalSound(withAudioVolume: Float(volume))
        case .critical(let name, nil): return .criticalSoundNamed(UNNotificationSoundName(name))
        case .critical(let name, let volume?): return .criticalSoundNamed(UNNotificationSoundName(name), withAudioVolume: Float(volume))
        }
    }
}
#endif
