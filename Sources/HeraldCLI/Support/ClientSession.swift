import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldFCM
import HeraldFCMModel
import HeraldShared

/// A push service's client as a command uses it: made from its configuration (a setting
/// that cannot work is a `FieldError` of the service's configuration domain), shut down after use.
protocol SessionClient: Sendable {
    associatedtype Configuration: Sendable
    associatedtype ConfigurationDomain
    static func make(_ configuration: Configuration) throws(FieldError<ConfigurationDomain>) -> Self
    func shutdown() async
}

extension APNSClient: SessionClient {
    static func make(_ configuration: APNSClientConfiguration) throws(APNSConfigurationError) -> APNSClient {
        try APNSClient(configuration: configuration)
    }
}

extension FCMClient: SessionClient {
    static func make(_ configuration: FCMClientConfiguration) throws(FCMConfigurationError) -> FCMClient {
        try FCMClient(configuration: configuration)
    }
}

/// One client for one command: made, used by `work`, shut down, waited for.
enum ClientSession {
    /// `work`'s result; a failure when the client could not be made; `nil` when no
    /// answer came within an hour.
    static func run<Client: SessionClient, T: Sendable>(
        _ client: Client.Type, _ configuration: Client.Configuration, _ work: @escaping @Sendable (Client) async -> T
    ) async -> Result<T, FieldError<Client.ConfigurationDomain>>? {
        await TimeLimit.run { () async -> Result<T, FieldError<Client.ConfigurationDomain>> in
            let client: Client
            do throws(FieldError<Client.ConfigurationDomain>) {
                client = try Client.make(configuration)
            } catch {
                return .failure(error)
            }
            let result = await work(client)
            await client.shutdown()
            return .success(result)
        }
    }

    /// `run` for work that throws: what it returned or threw is the inner result.
    static func run<Client: SessionClient, T: Sendable>(
        _ client: Client.Type, _ configuration: Client.Configuration, throwing work: @escaping @Sendable (Client) async throws -> T
    ) async -> Result<Result<T, any Error>, FieldError<Client.ConfigurationDomain>>? {
        await run(client, configuration) { client -> Result<T, any Error> in
            do { return .success(try await work(client)) } catch { return .failure(error) }
        }
    }
}
