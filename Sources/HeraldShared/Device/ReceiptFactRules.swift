/// The shape of a receipt's facts (the SDK's `ReceiptFacts`: how a notification was
/// presented, what the Service Extension kept, where a tap led), for the SDK that writes
/// them and the gateway that checks them alike.
public enum ReceiptFactRules {
    /// How a notification received while the app ran was presented.
    public static let presentedHow = ["banner", "alert", "system", "coalesced", "suppressed"]
    /// What delivered the Service Extension's content (its `DeliveryTrigger`).
    public static let extensionTriggers = ["completed", "deadline", "expired", "undecodable"]
    /// The longest text in any field, in Unicode scalars.
    public static let maxText = 200
    /// The most skipped attachments listed.
    public static let maxSkipped = 10
    /// The most attachments counted as kept.
    public static let maxKept = 100
}
