import HeraldShared

/// Checks a payload against APNs' rules before it is sent.
///
/// Type problems come from the lenient decoder's notes, so the decoder and the
/// linter can never disagree on what a key should hold; this type adds the rules
/// about sizes, ranges and how keys combine for a push type.
public struct PayloadLinter: Sendable {
    public var decoder: PayloadDecoder

    public init(decoder: PayloadDecoder = .standard) {
        self.decoder = decoder
    }

    /// The linter with the default decoder, built once: senders lint every request.
    public static let standard = PayloadLinter()

    /// Every problem in `payload` for `pushType`, errors first, then by path.
    ///
    /// - Parameters:
    ///   - priority: the `apns-priority` it will be sent with, checked against the push
    ///     type when given (a Live Activity takes 10 or 5, a background push 5 or 1).
    ///   - topic: the `apns-topic`, checked for the push type's suffix when given.
    public func lint(_ payload: JSONValue, pushType: PushType = .alert, priority: Int? = nil, topic: String? = nil)
        throws(PayloadDecodingError) -> [LintIssue]
    {
        let notification = try decoder.decode(payload)
        var issues = notification.notes.compactMap { note -> LintIssue? in
            switch note.severity {
            case .error: return LintIssue(.error, note.path, note.problem)
            case .warning: return LintIssue(.warning, note.path, note.problem)
            case .info: return nil
            }
        }
        issues += sizeIssues(payload, pushType: pushType)
        if let priority, PushType.documented.contains(pushType), let problem = pushType.priorityProblem(priority) {
            issues.append(LintIssue(.error, "apns-priority", problem))
        }
        if let topic, PushType.documented.contains(pushType), let problem = pushType.topicProblem(topic) {
            issues.append(LintIssue(.error, "apns-topic", problem))
        }
        issues += PayloadRules(notification: notification, pushType: pushType).issues()
        return issues.enumerated().sorted { a, b in
            (a.element.severity, a.offset) < (b.element.severity, b.offset)
        }.map(\.element)
    }

    private func sizeIssues(_ payload: JSONValue, pushType: PushType) -> [LintIssue] {
        let size = JSONWriter.compactByteCount(payload)
        let limit = pushType.maxPayloadBytes
        if size > limit {
            return [
                LintIssue(
                    .error, "payload",
                    "\(size) bytes when minified; APNs accepts at most \(limit) for push type \(pushType); shorten the text or move data behind an id the app fetches"
                )
            ]
        }
        if size > limit * 9 / 10 {
            return [LintIssue(.warning, "payload", "\(size) bytes of the \(limit) allowed; a little more text will be rejected")]
        }
        return []
    }
}
