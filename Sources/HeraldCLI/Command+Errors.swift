import HeraldCore

/// How every command reports what stops it, on standard error under its own name.
extension Command {
    /// `herald NAME: message` and where the usage is; exit status 2 (the command was called wrongly).
    static func usage(_ message: String, _ terminal: Terminal) -> Int32 {
        terminal.error("herald \(name): \(message)\nRun 'herald \(name) --help' for usage.")
        return 2
    }

    /// `herald NAME: message`; exit status `status` (2 unless the command says otherwise).
    static func fail(_ message: String, _ terminal: Terminal, status: Int32 = 2) -> Int32 {
        terminal.error("herald \(name): \(message)")
        return status
    }

    /// What stops a call to a running gateway (`GatewayCall`): a base that is no URL is bad
    /// usage (2); an answer that is not JSON, or a gateway out of reach, exit status 1.
    static func gatewayFailure(_ error: any Error, _ call: GatewayCall, _ terminal: Terminal) -> Int32 {
        switch error {
        case let error as GatewayCall.UsageText: usage(error.text, terminal)
        case let error as JSONParseError: fail("the gateway's answer is not JSON: \(error)", terminal, status: 1)
        default: fail("could not reach the gateway at \(call.base): \(error)", terminal, status: 1)
        }
    }
}
