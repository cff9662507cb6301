// Child processes exist on macOS and Linux only; the iOS Simulator test run skips this file.
#if os(macOS) || os(Linux)
import Foundation
import HeraldServerTestSupport
import HeraldTestSupport
import Testing

/// `make demo`'s gateway story (scripts/demo_gateway.sh) run as it is: the APNs simulator,
/// `herald serve`, three iOS `herald device`s and an Android one, and the statistics they end with, so the demo
/// stays true.
@Suite("make demo: the gateway story")
struct DemoGatewayScriptTests {
    @Test("three iOS devices and an Android one get their pushes; the statistics end with sent, delivered and opened per platform; then where the console is")
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
        #expect(
            statistics.first?.hasSuffix("targeted 4, sent 4, failed 0, delivered 4, opened 2; by platform: apns sent 3, fcm sent 1") == true,
            "\(statistics)")
        #expect(statistics.last?.hasSuffix("targeted 1, sent 1, failed 0, delivered 1, opened 1; by platform: apns sent 1") == true, "\(statistics)")
        // sam's Android phone got the same publish through FCM, and reported it delivered.
        #expect(result.out.contains("[sam] ") && result.out.contains("device.fcm") && result.out.contains("title=Deploy ready"))
        #expect(result.out.contains("kind=delivered publishId=pub_"))
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
