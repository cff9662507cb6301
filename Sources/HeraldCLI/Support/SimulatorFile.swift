import Foundation
import HeraldCore

/// Writes a `.apns` file for `xcrun simctl push`: the payload plus "Simulator Target Bundle".
enum SimulatorFile {
    static func write(_ payload: JSONValue, topic: String, to path: String, terminal: Terminal) -> Int32 {
        guard var object = payload.objectValue else {
            terminal.error("herald send: the payload is not a JSON object")
            return 2
        }
        object["Simulator Target Bundle"] = .string(topic)
        do {
            try Data((JSONWriter.serialize(.object(object), pretty: true) + "\n").utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            terminal.error("herald send: \(path): cannot be written (\(error.localizedDescription))")
            return 2
        }
        terminal.print("wrote \(path); run: xcrun simctl push booted \(topic) \(path)")
        return 0
    }
}
