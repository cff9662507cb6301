import Foundation
import HeraldCore
import HeraldTestSupport
import Testing
@testable import HeraldCLI

/// What `herald device` says when a run ends without success, for either platform.
@Suite("herald device: a short run")
@MainActor
struct DeviceShortfallTests {
    private final class Box: @unchecked Sendable {
        var err = ""
    }

    private static func loop(in folder: URL) throws -> DeviceLoop {
        try DeviceLoop(
            storage: folder, records: RecordFileReader(path: folder.appendingPathComponent("record.jsonl").path),
            client: {
                GatewayClient(
                    baseURL: URL(fileURLWithPath: "/"), appID: "app_1", clientKey: "hck", transport: RecordingGatewayTransport(),
                    stateDirectory: $0)
            }, clock: LiveClock())
    }

    @Test("too few arrived: how many of how many, and whether the record is the simulator's; else the receipts left")
    func shortfall() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-shortfall-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let loop = try Self.loop(in: folder)
        loop.received = 1
        let box = Box()
        let terminal = Terminal(out: { _ in }, err: { box.err += $0 }, input: { Data() })
        let short = DeviceCommand.shortfall(
            loop, name: "pixel", expect: 2, timeout: 5, what: "messages", record: "fcm.jsonl", simulator: "fcm-sim", terminal: terminal)
        #expect(short == 1)
        #expect(
            box.err
                == "herald device: pixel: 1 of 2 messages in 5.0 s; was a publish sent to this device, and does fcm.jsonl come from herald fcm-sim --record?\n"
        )
        box.err = ""
        let unsent = DeviceCommand.shortfall(
            loop, name: "maya", expect: 1, timeout: 5, what: "pushes", record: "apns.jsonl", simulator: "apns-sim", terminal: terminal)
        #expect(unsent == 1)
        #expect(box.err == "herald device: maya: the gateway did not accept 0 receipts in 5.0 s\n")
    }
}
