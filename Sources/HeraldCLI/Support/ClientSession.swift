import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldCore

/// One APNs client for one command: made, used by `work`, shut down, waited for.
enum APNSSession {
    /// `work`'s result; a failure when the client could not be made; `nil` when no
    /// answer came within an hour.
    static func run<T: Sendable>(_ configuration: APNSClientConfiguration, _ work: @escaping @Sendable (APNSClient) async -> T) async
        -> Result<T, APNSConfigurationError>?
    {
        await TimeLimit.run { () async -> Result<T, APNSConfigurationError> in
            do {
                let client = try APNSClient(configuration: configuration)
                let result = await work(client)
                await client.shutdown()
                return .success(result)
            } catch let error as APNSConfigurationError {
                return .failure(error)
            } catch {
                return .failure(APNSConfigurationError("client", "\(error)"))
            }
        }
    }
}
