import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldAPNsSimulator
import HeraldCore
import HeraldServerTestSupport
import HeraldTestSupport

/// A running simulator that trusts one fresh key, with the signer for that key.
final class SimulatorFixture: @unchecked Sendable {
    static let keyID = "ABC123DEFG"
    static let teamID = "TEAM123456"
    static let bundleID = "com.example.app"

    let key: APNSSigningKey
    let signer: APNSTokenSigner
    let simulator: APNSSimulator

    init(_ adjust: (inout APNSSimulatorConfiguration) -> Void = { _ in }) throws {
        key = try APNSSigningKey.generate()
        signer = try APNSTokenSigner(key: key, keyID: Self.keyID, teamID: Self.teamID)
        var configuration = APNSSimulatorConfiguration()
        configuration.trustedKeys = [.init(keyID: Self.keyID, teamID: Self.teamID, publicKey: try key.publicKey())]
        adjust(&configuration)
        simulator = try APNSSimulator.start(configuration)
    }

    deinit { simulator.stop() }

    /// A fresh token issued now.
    func jwt(issuedAt: Int = Int(Date().timeIntervalSince1970)) throws -> String {
        try signer.token(issuedAt: issuedAt)
    }

    /// A device token (64 hex digits) made from `n`.
    static func device(_ n: Int) -> String {
        String(format: "%064x", n)
    }
}

/// One answer as curl printed it.
struct CurlAnswer {
    var status: Int
    var headers: [String: String]
    var body: String
}

extension SimulatorFixture {
    /// Sends one request with the curl command line (an independent HTTP/2 client).
    func curl(path: String, headers: [String], body: String?, method: String = "POST") -> CurlAnswer {
        var command = ["curl", "-sS", "-i", "--http2", "--max-time", "10", "--cacert", simulator.caFile, "-X", method]
        for header in headers { command += ["-H", header] }
        if let body { command += ["--data-binary", body] }
        command.append(simulator.url + path)
        let result = PythonTools.shell(command)
        let (head, _, body) = result.out.replacingOccurrences(of: "\r\n", with: "\n").partitioned(by: "\n\n")
        var lines = head.split(separator: "\n").map(String.init)
        let status = lines.isEmpty ? 0 : Int(lines.removeFirst().split(separator: " ").dropFirst().first ?? "") ?? 0
        var fields: [String: String] = [:]
        for line in lines {
            let (name, _, value) = line.partitioned(by: ": ")
            fields[name.lowercased()] = value
        }
        return CurlAnswer(status: status, headers: fields, body: body.isEmpty ? result.err : body)
    }
}

extension String {
    func partitioned(by separator: String) -> (String, String, String) {
        guard let range = range(of: separator) else { return (self, "", "") }
        return (String(self[..<range.lowerBound]), separator, String(self[range.upperBound...]))
    }
}

extension SimulatorFixture {
    /// A client for this simulator; `adjust` changes its configuration.
    func client(
        clock: any ServerClock = LiveServerClock(), wallClock: (@Sendable () -> Int)? = nil,
        configure adjust: (inout APNSClientConfiguration) -> Void = { _ in }
    ) throws -> APNSClient {
        var configuration = APNSClientConfiguration(
            authentication: .token(signer), endpoint: .custom(url: simulator.url), caFile: simulator.caFile,
            retry: .none)
        adjust(&configuration)
        if let wallClock {
            return try APNSClient(configuration: configuration, clock: clock, wallClock: wallClock)
        }
        return try APNSClient(configuration: configuration, clock: clock)
    }

    /// An alert request to device `n`.
    static func request(_ n: Int, _ text: String = "hello", pushType: PushType = .alert, collapseID: String? = nil) throws -> APNSRequest {
        let payload: JSONValue
        switch pushType {
        case .background: payload = ["aps": ["content-available": 1], "n": .int(n)]
        case .liveActivity: payload = ["aps": ["timestamp": 1_718_870_400, "event": "update", "content-state": ["text": .string(text)]], "n": .int(n)]
        default: payload = ["aps": ["alert": .string(text)], "n": .int(n)]
        }
        return try APNSRequest(deviceToken: device(n), payload: payload, pushType: pushType, bundleID: bundleID, collapseID: collapseID)
    }
}
