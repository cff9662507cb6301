import Foundation

/// `--listen HOST:PORT`, as every command that listens takes it (serve, apns-sim, fcm-sim).
enum ListenOption {
    /// The host and port of `text`; `[::1]:80` loses its brackets. Thrown: the option's
    /// own error, which says what to give.
    static func parse(_ text: String, _ option: Option<String>) throws(UsageError) -> (host: String, port: Int) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65535).contains(port),
            colon > text.startIndex
        else { throw option.invalid(text) }
        return (String(text[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: "[]")), port)
    }
}
