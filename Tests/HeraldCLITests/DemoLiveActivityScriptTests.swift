// Child processes exist on macOS and Linux only; the iOS Simulator test run skips this file.
#if os(macOS) || os(Linux)
import Foundation
import HeraldServerTestSupport
import HeraldTestSupport
import Testing

/// `make demo`'s Live Activity story (scripts/demo_live_activity.sh) run as it is: the APNs
/// simulator, `herald serve`, one `herald device --live-activity`, a start, three updates
/// and an end, so the demo stays true.
@Suite("make demo: the Live Activity story")
struct DemoLiveActivityScriptTests {
    @Test("the device starts, updates and ends the activity; each of the five publishes is sent once")
    func story() throws {
        let herald = ExecutableEndToEndTests.executable.path
        guard FileManager.default.isExecutableFile(atPath: herald) else {
            Issue.record("\(herald) is missing; run `swift build` first, then `swift test`")
            return
        }
        let script = repositoryRoot.appendingPathComponent("scripts/demo_live_activity.sh").path
        let result = try ChildProcess.run("bash", [script, herald])
        #expect(result.status == 0, "\(result.err)\n\(result.out.suffix(3000))")
        let statistics = result.out.split(separator: "\n").filter { $0.contains(": done, targeted") }
        #expect(statistics.count == 5, "\(result.out.suffix(3000))")
        #expect(statistics.allSatisfy { $0.hasSuffix("targeted 1, sent 1, failed 0, invalidated 0") }, "\(statistics)")
        let device = result.out.split(separator: "\n").filter { $0.contains("[ops]") && $0.contains("device.activity") }
        #expect(device.filter { $0.contains("device.activity.updated") }.count == 3, "\(device)")
        #expect(device.contains { $0.contains("device.activity.started") && $0.contains("queued") })
        #expect(device.contains { $0.contains("device.activity.ended") && $0.contains("gateway=reported") }, "\(device)")
    }
}
#endif
