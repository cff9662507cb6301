import HeraldCore

/// Where the demo sends its device token: the console, to send pushes to with `herald send`.
@MainActor
final class DemoRegistrar: DeviceRegistrar {
    func register(_ token: DeviceToken) {
        print("HeraldDemo device token: \(token.hex)")
    }

    func registrationFailed(_ error: any Error) {
        print("HeraldDemo could not register for pushes: \(error)")
    }
}
