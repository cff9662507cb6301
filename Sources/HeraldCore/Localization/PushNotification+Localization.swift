extension PushNotification {
    /// The notification with the text its alert's localization keys stand for, looked up
    /// in `localizer`, as iOS shows it: a `title-loc-key`, `subtitle-loc-key` or `loc-key`
    /// is used instead of the literal `title`, `subtitle` or `body`, its format filled with
    /// the matching `*-loc-args` (`LocalizedFormat`); a key the strings table does not have
    /// shows as the key itself. A field without a key keeps its literal text.
    public func localized(by localizer: any Localizer) -> PushNotification {
        guard let alert = aps.alert else { return self }
        func resolve(_ key: String?, _ arguments: [String]?, _ literal: String?) -> String? {
            guard let key, !key.isEmpty else { return literal }
            guard let format = localizer.format(forKey: key) else { return key }
            return LocalizedFormat.fill(format, with: arguments ?? [])
        }
        var copy = self
        copy.content.title = resolve(alert.titleLocKey, alert.titleLocArgs, content.title)
        copy.content.subtitle = resolve(alert.subtitleLocKey, alert.subtitleLocArgs, content.subtitle)
        copy.content.body = resolve(alert.locKey, alert.locArgs, content.body)
        return copy
    }
}
