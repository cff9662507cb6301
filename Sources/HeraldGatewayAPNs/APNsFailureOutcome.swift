import HeraldAPNsModel
import HeraldGateway

/// How a request to APNs can end other than in success, alike for a delivery or broadcast
/// (`DeliveryOutcome`) and a channel request (`ChannelOutcome`), so that both map a
/// failure the same way.
protocol APNsFailureOutcome {
    static func rejected(_ error: APNSError) -> Self
    static func unsendable(_ reason: String) -> Self
    static func transportFailure(_ reason: String) -> Self
}

extension APNsFailureOutcome {
    /// No credentials for the app: what APNs itself answers a request without a provider token.
    static var noCredentials: Self { .rejected(APNSError(status: 403, reason: .missingProviderToken)) }

    /// No client could be made for the credentials: nothing was sent, so it may be tried again.
    static func clientFailure(_ error: any Error) -> Self { .transportFailure("APNs client: \(error)") }

    /// A failed exchange: APNs' refusal; a request APNs would refuse as written (sending it
    /// again cannot help); otherwise no answer.
    static func failure(_ error: any Error) -> Self {
        switch error {
        case let error as APNSError: .rejected(error)
        case let error as APNSRequestError: .unsendable("\(error)")
        default: .transportFailure("\(error)")
        }
    }
}

extension DeliveryOutcome: APNsFailureOutcome {}
extension ChannelOutcome: APNsFailureOutcome {}
