/// APNs accepted a notification (status 200).
public struct APNSResponse: Sendable, Hashable {
    /// `apns-id` as APNs echoed it (the request's, or one APNs made).
    public var apnsID: String
    /// `apns-unique-id`, which the sandbox sends to look the notification up in the console.
    public var uniqueID: String?
    /// The HTTP status: 200.
    public var status: Int

    public init(apnsID: String, uniqueID: String? = nil, status: Int = 200) {
        self.apnsID = apnsID
        self.uniqueID = uniqueID
        self.status = status
    }
}
