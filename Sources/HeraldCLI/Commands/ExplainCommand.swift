import Foundation
import HeraldCore

/// `herald explain`: why a device was or was not reached by a publish, through a running
/// gateway's API (`GET …/publishes/{publish}/devices/{device}`).
enum ExplainCommand: Command {
    static let name = "explain"
    static let summary = "Say why a device was or was not reached by a publish, and what it got"
    static let help = """
        Usage: herald explain --publish ID --device ID [--json] GATEWAY

        GATEWAY is --gateway URL (default http://127.0.0.1:8080) --app ID, and a server key
        with the read scope in HERALD_SERVER_KEY (or --key KEY, which ps shows).

        Prints whether the publish reached the device and, when not, why (not in the
        target, filtered out with the failing condition, a dead token, registered after,
        deleted, cancelled, ...); when it did, through what, the text chosen, when it was
        due, the frequency cap, the route, exactly what the push service was sent, each
        attempt, the state, the receipts and the inbox message. --json prints the
        gateway's document as it is. docs/gateway.md ("Explaining a publish") says more.

        Options:
        \(OptionHelp.lines(spec.allOptions))

        Exit status: 0 explained, 1 the gateway refused (its error is printed: an unknown publish or device is 404) or could not be reached, 2 bad usage.
        """
    static let publish = Option.text("publish", "ID", "the publish (pub_…)")
    static let device = Option.text("device", "ID", "the device (dev_…)")
    static let json = Option.flag("json", "print the gateway's JSON document")

    static let spec = Arguments.Spec(GatewayCall.descriptors + [publish.descriptor, device.descriptor, json.descriptor])

    static func run(_ arguments: Arguments, terminal: Terminal) async -> Int32 {
        guard arguments.positionals.isEmpty else { return usage("explain takes no positional arguments", terminal) }
        guard let publishID = arguments[Self.publish] else { return usage("--publish is required: --publish ID", terminal) }
        guard let deviceID = arguments[Self.device] else { return usage("--device is required: --device ID", terminal) }
        let call: GatewayCall
        switch GatewayCall.from(arguments) {
        case .success(let made): call = made
        case .failure(let error): return usage(error.text, terminal)
        }
        let path = call.path("/publishes/\(GatewayCall.escape(publishID))/devices/\(GatewayCall.escape(deviceID))")
        do {
            let (status, text) = try await call.send("GET", path)
            guard status == 200 else { return fail("the gateway answered \(status): \(text)", terminal, status: 1) }
            let document = try JSONParser().parse(Array(text.utf8))
            terminal.print(arguments[Self.json] ? JSONWriter.serialize(document) : ExplanationText.render(document))
            return 0
        } catch {
            return gatewayFailure(error, call, terminal)
        }
    }
}
