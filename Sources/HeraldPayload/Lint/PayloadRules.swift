import HeraldShared

/// The rules that look at how keys combine, for one decoded payload and push type.
struct PayloadRules {
    let notification: PushNotification
    let pushType: PushType
    private var aps: APS { notification.aps }
    /// Whether `aps` is there at all; one of the wrong kind is already reported by the decoder.
    private var hasAPS: Bool { notification.raw["aps"] != nil }

    init(notification: PushNotification, pushType: PushType) {
        self.notification = notification
        self.pushType = pushType
    }

    func issues() -> [LintIssue] {
        var issues: [LintIssue] = []
        if !PushType.documented.contains(pushType) {
            issues.append(LintIssue(.error, "push type", "\"\(pushType)\" is not an APNs push type; use one of \(PushType.documented.map(\.rawValue).joined(separator: ", "))"))
        }
        issues += shapeIssues()
        issues += LiveActivityRules(aps: aps, pushType: pushType).issues()
        issues += valueIssues()
        issues += unknownKeyIssues()
        return issues
    }

    private var showsSomething: Bool {
        !(aps.alert?.isEmpty ?? true) || aps.badge != nil || aps.sound != nil
    }

    private func shapeIssues() -> [LintIssue] {
        var issues: [LintIssue] = []
        switch pushType {
        case .alert:
            if !hasAPS {
                issues.append(LintIssue(.error, "aps", "missing; an alert push needs an aps dictionary with an alert, badge or sound"))
            } else if !showsSomething && aps.contentAvailable {
                issues.append(LintIssue(.warning, "aps", "only content-available is set; send this as --push-type background with priority 5"))
            } else if !showsSomething {
                issues.append(LintIssue(.warning, "aps", "nothing to show (no alert, badge or sound); iOS will display nothing"))
            }
        case .background:
            if !aps.contentAvailable {
                issues.append(LintIssue(.error, "aps.content-available", "a background push needs \"content-available\": 1"))
            }
            if aps.alert != nil { issues.append(LintIssue(.error, "aps.alert", "a background push carries no alert; send an alert push instead")) }
            if aps.badge != nil { issues.append(LintIssue(.error, "aps.badge", "a background push carries no badge")) }
            if aps.sound != nil { issues.append(LintIssue(.error, "aps.sound", "a background push carries no sound")) }
        default:
            break
        }
        if aps.alert?.isEmpty == true && showsSomething {
            issues.append(LintIssue(.warning, "aps.alert", "empty; iOS shows nothing"))
        }
        if let issue = keysOnlyIssue() { issues.append(issue) }
        if !notification.attachments.isEmpty && !aps.mutableContent {
            issues.append(LintIssue(.error, "aps.mutable-content", "the payload has an attachment (\(notification.attachments[0].url)) but no \"mutable-content\": 1, so the Service Extension never runs and the media never shows"))
        }
        if aps.mutableContent && (aps.alert?.isEmpty ?? true) {
            issues.append(LintIssue(.warning, "aps.mutable-content", "the Service Extension runs only for notifications with an alert; this one has none"))
        }
        return issues
    }

    /// An alert with localization keys and no literal title or body: its text exists only
    /// in the app's strings table.
    private func keysOnlyIssue() -> LintIssue? {
        guard let alert = aps.alert, [alert.title, alert.body].allSatisfy({ ($0 ?? "").isEmpty }) else { return nil }
        let keys = [
            (Alert.Key.titleLocKey, alert.titleLocKey), (Alert.Key.subtitleLocKey, alert.subtitleLocKey),
            (Alert.Key.locKey, alert.locKey),
        ].filter { !($0.1 ?? "").isEmpty }.map(\.0)
        guard !keys.isEmpty else { return nil }
        return LintIssue(
            .warning, "aps.alert",
            "only localization keys (\(keys.joined(separator: ", "))), no title or body: the text shown, in the app's own banner too, comes from the app's strings table alone, and an app without the key shows the key itself; add \"title\" and \"body\" with the text, for every reader without that table")
    }

    private func valueIssues() -> [LintIssue] {
        var issues: [LintIssue] = []
        if let level = aps.interruptionLevel, !InterruptionLevel.documented.contains(level) {
            issues.append(LintIssue(.error, "aps.interruption-level", "\"\(level.rawValue)\" is not one of passive, active, time-sensitive, critical"))
        }
        if aps.interruptionLevel == .critical && aps.sound?.isCritical != true {
            issues.append(LintIssue(.warning, "aps.interruption-level", "critical without a critical sound; critical alerts need the entitlement and {\"critical\": 1} in aps.sound"))
        }
        // A notification's score ranks it within its thread (0 to 1); a Live Activity's
        // ranks the app's activities against each other and takes any number.
        if let score = aps.relevanceScore, pushType != .liveActivity, !(0...1).contains(score) {
            issues.append(LintIssue(.error, "aps.relevance-score", "must be between 0 and 1, found \(JSONWriter.number(score))"))
        }
        if let volume = aps.sound?.volume, !(0...1).contains(volume) {
            issues.append(LintIssue(.error, "aps.sound.volume", "must be between 0 and 1, found \(JSONWriter.number(volume))"))
        }
        return issues
    }

    private func unknownKeyIssues() -> [LintIssue] {
        aps.unknown.keys.sorted().map { key in
            LintIssue(.warning, "aps.\(key)", "not an APNs key; iOS ignores it inside aps; put app data at the top level")
        }
    }
}
