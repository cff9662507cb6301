/// The gateway as the place the device token goes: `herald.registrar = gatewayClient`.
extension GatewayClient: DeviceRegistrar {
    /// Registers `token` with `environment` and `interests` (iOS hands the token over at
    /// every launch, and again when it changes); the outcome goes to `onRegistration` and,
    /// when it fails, to the logger.
    public func register(_ token: DeviceToken) {
        let environment = environment
        let interests = interests
        registration = Task { @MainActor in
            do throws(GatewayClientError) {
                let id = try await register(token: token, environment: environment, interests: interests)
                onRegistration?(.success(id))
            } catch {
                logger.log(.warning, "herald gateway: the device token was not registered: \(error.message)")
                onRegistration?(.failure(error))
            }
        }
    }

    /// Sends the device's attributes that changed since they were last sent
    /// (`updateAttributesIfChanged`); a failure goes to the logger, and the next
    /// registration or activation sends them again.
    public func appBecameActive() {
        attributesUpdate = Task { @MainActor in
            do throws(GatewayClientError) {
                try await updateAttributesIfChanged()
            } catch {
                logger.log(.warning, "herald gateway: the device's locale, time zone and app version were not sent: \(error.message)")
            }
        }
    }

    /// iOS gave no token: nothing to register; the logger says why.
    public func registrationFailed(_ error: any Error) {
        logger.log(.warning, "herald gateway: no device token to register: \(Self.reason(error))")
    }
}
