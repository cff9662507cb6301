import HeraldCore

/// `herald inspect`: the normalized view of payloads.
enum InspectCommand: Command {
    static let name = "inspect"
    static let summary = "Decode payloads of any provider and show what Herald reads"
    static let help = """
        Usage: herald inspect [FILE...|-] [--json] [--provider NAME]

        Decodes each push payload (APNs, Pusher Beams, GeTui, JPush, UMeng, FCM,
        OneSignal, Airship, Braze, Iterable, Herald) and prints the normalized view:
        provider, message id, alert text, badge, sound, link, attachments and the
        app's own data, plus any value that was read leniently.

        Arguments:
          FILE             a JSON payload; - or nothing reads standard input

        Options:
        \(OptionHelp.lines(spec.allOptions))

        Exit status: 0 when every payload was decoded, 2 when one could not be read.
        """
    static let json = Option.flag("json", "one JSON object per payload, one per line (see docs/cli.md)")
    static let provider = Option.text(
        "provider", "NAME",
        "read the payload as NAME's instead of recognising it (apns, pusher-beams, getui, jpush, umeng, fcm, onesignal, airship, braze, iterable, herald)"
    )
    static let spec = Arguments.Spec([json.descriptor, provider.descriptor])

    static func run(_ arguments: Arguments, terminal: Terminal) async -> Int32 {
        var options = PayloadDecoderOptions()
        if let name = arguments[Self.provider] {
            let provider = ProviderID(rawValue: name)
            guard provider == .apns || options.providers.contains(where: { $0.id == provider }) else {
                return fail("\(PayloadDecodingError(.unknownProvider(provider)))", terminal)
            }
            options.forcedProvider = provider
        }
        let decoder = PayloadDecoder(options: options)
        let inputs: [PayloadInput]
        do {
            inputs = try PayloadInput.read(arguments.positionals, terminal: terminal)
        } catch {
            return fail("\(error)", terminal)
        }
        var status: Int32 = 0
        for (offset, input) in inputs.enumerated() {
            do {
                let notification = try decoder.decode(input.bytes)
                if arguments[Self.json] {
                    terminal.print(JSONWriter.serialize(InspectReport.json(notification)))
                } else {
                    if inputs.count > 1 { terminal.print((offset > 0 ? "\n" : "") + "== \(input.name)") }
                    terminal.print(InspectReport.text(notification))
                }
            } catch {
                terminal.error("herald inspect: \(input.name): \(error)")
                status = 2
            }
        }
        return status
    }
}
