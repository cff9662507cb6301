// Child processes exist on macOS and Linux only; the iOS Simulator test run skips this file.
#if os(macOS) || os(Linux)
import Foundation
import HeraldServerTestSupport
import HeraldTestSupport
import Testing

/// `make demo`'s gateway story (scripts/demo_gateway.sh) run as it is: the APNs simulator,
/// `herald serve`, three `herald device`s and the statistics they end with, so the demo
/// stays true.
@Suite("make demo: the gateway story")
struct DemoGatewayScriptTests {
    @Test("three devices get their pushes; the statistics end with sent, delivered and opened; then where the console is")
    func story() throws {
        let herald = ExecutableEndToEndTests.executable.path
        guard FileManager.default.isExecutableFile(atPath: herald) else {
            Issue.record("\(herald) is missing; run `swift build` first, then `swift test`")
            return
        }
        let script = repositoryRoot.appendingPathComponent("scripts/demo_gateway.sh").path
        let result = try ChildProcess.run("bash", [script, herald])
        #expect(result.status == 0, "\(result.err)\n\(result.out.suffix(3000))")
        let statistics = result.out.split(separator: "\n").filter { $0.contains(": done, targeted") }
        #expect(statistics.count == 2, "\(result.out.suffix(3000))")
        #expect(statistics.first?.hasSuffix("targeted 3, sent 3, failed 0, delivered 3, opened 2") == true, "\(statistics)")
        #expect(statistics.last?.hasSuffix("targeted 1, sent 1, failed 0, delivered 1, opened 1") == true, "\(statistics)")
        #expect(result.out.contains("[maya] ") && result.out.contains("screen=DeployDetail"))
        #expect(result.out.contains("[leo] ") && result.out.contains("device.extension"))
        #expect(result.out.contains("reason=timeout"), "ana's banner hides by itself")
        // It ends with Herald Console's address and the key to sign in with.
        let console = try #require(result.out.range(of: "Herald Console, the gateway's web page: http://127.0.0.1:"))
        let end = String(result.out[console.lowerBound...])
        #expect(end.contains("/console\n"), "\(end)")
        #expect(end.contains("sign in with app id app_") && end.contains("its server key  hsk_"), "\(end)")
        #expect(end.contains("make demo KEEP=1"), "without KEEP the gateway stops and says how to keep it")
    }
}
#endif
