extension GatewayClient {
    /// Sends the device's locale, time zone and app version (`attributes`) when they changed
    /// since the gateway last got them (at registration or here): only what changed, with
    /// `PUT …/devices/{id}/attributes`. Call it when the app becomes active; the registration
    /// at every launch carries them too. Whether anything was sent; nothing before the
    /// device is registered.
    @discardableResult
    public func updateAttributesIfChanged() async throws(GatewayClientError) -> Bool {
        if state == nil, let stored = deviceStore?.load() { state = stored }
        guard let registered = state else { return false }
        let current = attributes()
        guard current != registered.attributes else { return false }
        let fields = current.fields(since: registered.attributes)
        if !fields.isEmpty { _ = try await deviceCall("PUT", "attributes", body: .object(fields)) }
        guard var updated = state else { return false }
        updated.attributes = current
        state = updated
        do {
            try deviceStore?.save(updated)
        } catch {
            throw GatewayClientError(
                .storage, "the attributes of device \(updated.deviceID) were sent but could not be kept: \(Self.reason(error))")
        }
        return !fields.isEmpty
    }
}
