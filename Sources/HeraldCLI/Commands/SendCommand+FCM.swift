import Foundation
import HeraldFCM
import HeraldFCMModel
import HeraldShared

extension SendCommand {
    /// `herald send --fcm`: one message to one registration token through FCM's HTTP v1 API.
    ///
    /// The payload is an FCM message as JSON (`notification`, `android`, `data`; wrapped
    /// in `{"message": …}` or not); `--token` gives the registration token.
    static func sendFCM(_ arguments: Arguments, terminal: Terminal) async -> Int32 {
        guard let token = arguments[FCMOptions.token] else { return usage("--token TOKEN is required with --fcm", terminal) }
        guard arguments.positionals.count <= 1 else { return usage("give one payload file (or - for standard input) with --fcm", terminal) }
        let name = arguments.positionals.first ?? "-"
        let message: FCMMessage
        let configuration: FCMClientConfiguration
        do {
            let input = try PayloadInput.read([name], terminal: terminal)[0]
            message = try FCMMessage(json: try JSONParser().parse(input.bytes), token: token)
            try message.check()
            configuration = try FCMOptions.configuration(arguments)
        } catch let error as UsageError {
            return usage(error.description, terminal)
        } catch {
            return fail("\(name == "-" ? "<stdin>" : name): \(error)", terminal)
        }
        return await sendOne(FCMClient.self, configuration, terminal: terminal, { client in try await client.send(message) }) { result in
            fcmLine(token, result, json: arguments[Self.json])
        }
    }

    /// `TOKEN 200 NAME`, or `TOKEN STATUS CODE (CLASS): MESSAGE`; or one JSON object.
    static func fcmLine(_ token: String, _ result: Result<String, any Error>, json: Bool) -> String {
        var fields: [String: JSONValue] = [
            "token": .string(token), "name": .null, "code": .null, "class": .null, "message": .null, "retryAfter": .null,
        ]
        var text: String
        switch result {
        case .success(let name):
            (fields["status"], fields["name"]) = (200, .string(name))
            text = "\(token) 200 \(name)"
        case .failure(let error as FCMError):
            fields["status"] = .int(error.status)
            (fields["code"], fields["class"], fields["message"]) = (
                .string(error.code.text), .string(error.errorClass.rawValue), .string(error.message)
            )
            text = "\(token) \(error.status) \(error.code.text) (\(error.errorClass)): \(error.message)"
            if let seconds = error.retryAfter {
                fields["retryAfter"] = .double(seconds)
                text += "; retry after \(JSONWriter.serialize(.double(seconds))) s"
            }
        case .failure(let error):
            (fields["status"], fields["message"]) = (0, .string("\(error)"))
            text = "\(token) 0 - \(error)"
        }
        return json ? JSONWriter.serialize(.object(fields)) : text
    }
}
