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
}
