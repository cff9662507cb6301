/// How the system plays a `Sound`: which `UNNotificationSound` the Apple adapter makes.
/// A critical sound stays critical, with its name and volume (it needs the Critical
/// Alerts entitlement, which the push was sent for).
public enum SystemSound: Sendable, Hashable {
    /// `UNNotificationSound.default`.
    case systemDefault
    /// `UNNotificationSound(named:)`: a file in the app's bundle or Library/Sounds.
    case named(String)
    /// `defaultCritical`, or `defaultCriticalSound(withAudioVolume:)` with a volume.
    case criticalDefault(volume: Double?)
    /// `criticalSoundNamed(_:)`, or `criticalSoundNamed(_:withAudioVolume:)` with a volume.
    case critical(String, volume: Double?)
}

extension Sound {
    /// The sound the system plays: `default` (or an empty name) is the system's own, a
    /// volume is clamped to 0...1.
    public var systemSound: SystemSound {
        let isDefault = name.isEmpty || name == "default"
        let volume = self.volume.map { min(1, max(0, $0)) }
        switch (isCritical, isDefault) {
        case (false, true): return .systemDefault
        case (false, false): return .named(name)
        case (true, true): return .criticalDefault(volume: volume)
        case (true, false): return .critical(name, volume: volume)
        }
    }
}
