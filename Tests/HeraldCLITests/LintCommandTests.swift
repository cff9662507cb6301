import Foundation
import HeraldCore
import Testing

/// `herald lint`: one line per problem, exit 0 clean, 1 problems, 2 unreadable input.
@Suite("lint")
struct LintCommandTests {
    /// A compact payload whose alert is padded so the minified payload is exactly `bytes` long.
    static func payload(ofSize bytes: Int) -> String {
        let empty = "{\"aps\":{\"alert\":\"\"}}"
        return "{\"aps\":{\"alert\":\"" + String(repeating: "a", count: bytes - empty.utf8.count) + "\"}}"
    }

    @Test(
        "a clean payload exits 0 with no output",
        arguments: [
            "apns.json", "fcm.json", "umeng.json", "jpush.json", "getui.json", "herald.json", "braze.json", "onesignal.json",
        ])
    func clean(_ file: String) async {
        let run = await CLIRun(["lint", example(file)])
        #expect(run.status == 0, "\(file): \(run.out)")
        #expect(run.out.isEmpty)
        #expect(run.err.isEmpty)
    }

    @Test("a badge string is exactly one error line, exit 1")
    func badgeString() async {
        let run = await CLIRun(["lint", example("lint-badge-string.json")])
        #expect(run.status == 1)
        #expect(run.out == "error: aps.badge: expected an integer, found \"3\"\n")
        #expect(run.err.isEmpty)
    }

    @Test("a background push with an alert and an attachment without mutable-content")
    func backgroundWithAlert() async {
        let run = await CLIRun(["lint", "--push-type", "background", example("lint-background-with-alert.json")])
        #expect(run.status == 1)
        #expect(run.err.isEmpty)
        #expect(run.outLines.count == 2)
        #expect(run.outLines.contains("error: aps.alert: a background push carries no alert; send an alert push instead"))
        #expect(
            run.outLines.contains {
                $0.hasPrefix("error: aps.mutable-content: the payload has an attachment (https://cdn.example.com/herald/library-cover.jpg)")
            })
        // As an alert push only the attachment problem is left.
        let alert = await CLIRun(["lint", example("lint-background-with-alert.json")])
        #expect(alert.status == 1)
        #expect(alert.outLines.count == 1)
        #expect(alert.outLines.first?.hasPrefix("error: aps.mutable-content:") == true)
    }

    @Test("a proper background push is clean")
    func backgroundClean() async {
        let run = await CLIRun(["lint", "--push-type", "background"], stdin: "{\"aps\": {\"content-available\": 1}, \"sync\": \"x\"}")
        #expect(run.status == 0)
        #expect(run.out.isEmpty)
    }

    @Test("over 4096 bytes is an error for an alert push")
    func oversizeAlert() async {
        let run = await CLIRun(["lint"], stdin: Self.payload(ofSize: 4097))
        #expect(run.status == 1)
        #expect(
            run.outLines == [
                "error: payload: 4097 bytes when minified; APNs accepts at most 4096 for push type alert; shorten the text or move data behind an id the app fetches"
            ])
    }

    @Test("exactly 4096 bytes passes with a warning")
    func atTheLimit() async {
        let run = await CLIRun(["lint"], stdin: Self.payload(ofSize: 4096))
        #expect(run.status == 0)
        #expect(run.outLines == ["warning: payload: 4096 bytes of the 4096 allowed; a little more text will be rejected"])
        #expect(await CLIRun(["lint", "--strict"], stdin: Self.payload(ofSize: 4096)).status == 1)
    }

    @Test("4500 bytes passes for voip, fails for alert")
    func voipLimit() async {
        let payload = Self.payload(ofSize: 4500)
        let voip = await CLIRun(["lint", "--push-type", "voip"], stdin: payload)
        #expect(voip.status == 0)
        #expect(voip.out.isEmpty)
        let alert = await CLIRun(["lint", "--push-type", "alert"], stdin: payload)
        #expect(alert.status == 1)
        #expect(alert.outLines.first?.hasPrefix("error: payload: 4500 bytes when minified") == true)
        let tooBigForVoip = await CLIRun(["lint", "--push-type", "voip"], stdin: Self.payload(ofSize: 5121))
        #expect(tooBigForVoip.status == 1)
        #expect(tooBigForVoip.outLines.first?.contains("at most 5120 for push type voip") == true)
    }

    @Test("the size is measured minified, not as the file is indented")
    func sizeIsMinified() async throws {
        let alert = String(repeating: "a", count: 4000)
        let indented = "{\n" + String(repeating: " ", count: 400) + "\"aps\": {\n    \"alert\": \"\(alert)\"\n  }\n}\n"
        #expect(indented.utf8.count > 4096)
        let run = await CLIRun(["lint"], stdin: indented)
        #expect(run.status == 0)
        #expect(run.outLines.allSatisfy { $0.hasPrefix("warning: payload:") })
    }

    @Test(
        "out-of-range and undocumented values are errors with their path",
        arguments: [
            (
                "{\"aps\": {\"alert\": \"x\", \"relevance-score\": 2}}",
                "error: aps.relevance-score: must be between 0 and 1, found 2"
            ),
            (
                "{\"aps\": {\"alert\": \"x\", \"sound\": {\"critical\": 1, \"name\": \"a.caf\", \"volume\": 1.5}}}",
                "error: aps.sound.volume: must be between 0 and 1, found 1.5"
            ),
            (
                "{\"aps\": {\"alert\": \"x\", \"interruption-level\": \"loud\"}}",
                "error: aps.interruption-level: \"loud\" is not one of passive, active, time-sensitive, critical"
            ),
        ])
    func ranges(payload: String, line: String) async {
        let run = await CLIRun(["lint"], stdin: payload)
        #expect(run.status == 1)
        #expect(run.outLines == [line])
    }

    @Test(
        "warnings alone exit 0, but 1 with --strict",
        arguments: [
            ("{\"aps\": {\"content-available\": 1}}", "warning: aps: only content-available is set"),
            ("{\"aps\": {\"alert\": \"x\", \"orderId\": 7}}", "warning: aps.orderId: not an APNs key"),
            (
                "{\"aps\": {\"alert\": \"x\", \"interruption-level\": \"critical\"}}",
                "warning: aps.interruption-level: critical without a critical sound"
            ),
            ("{\"aps\": {\"alert\": {}, \"badge\": 1}}", "warning: aps.alert: empty"),
        ])
    func warnings(payload: String, prefix: String) async {
        let run = await CLIRun(["lint"], stdin: payload)
        #expect(run.status == 0)
        #expect(run.outLines.count == 1)
        #expect(run.outLines.first?.hasPrefix(prefix) == true, "\(run.out)")
        let strict = await CLIRun(["lint", "--strict"], stdin: payload)
        #expect(strict.status == 1)
        #expect(strict.out == run.out)
    }

    @Test("--strict leaves a clean payload clean")
    func strictClean() async {
        let run = await CLIRun(["lint", "--strict", example("apns.json")])
        #expect(run.status == 0)
        #expect(run.out.isEmpty)
    }

    @Test("errors come before warnings")
    func ordering() async {
        let run = await CLIRun(["lint"], stdin: "{\"aps\": {\"alert\": \"x\", \"zzz\": 1, \"badge\": \"2\"}}")
        #expect(run.status == 1)
        #expect(
            run.outLines == [
                "error: aps.badge: expected an integer, found \"2\"",
                "warning: aps.zzz: not an APNs key; iOS ignores it inside aps; put app data at the top level",
            ])
    }

    @Test("a missing aps is an error for an alert push")
    func missingAPS() async {
        let run = await CLIRun(["lint"], stdin: "{}")
        #expect(run.status == 1)
        #expect(run.outLines == ["error: aps: missing; an alert push needs an aps dictionary with an alert, badge or sound"])
    }

    @Test("Live Activity pushes need timestamp and event")
    func liveActivity() async {
        let run = await CLIRun(["lint", "--push-type", "liveactivity"], stdin: "{\"aps\": {\"alert\": \"x\"}}")
        #expect(run.status == 1)
        #expect(run.outLines.contains { $0.hasPrefix("error: aps.timestamp:") })
        #expect(run.outLines.contains { $0.hasPrefix("error: aps.event:") })
        let ok = await CLIRun(["lint", "--push-type", "liveactivity"], stdin: "{\"aps\": {\"timestamp\": 1718870400, \"event\": \"end\"}}")
        #expect(ok.status == 0)
    }

    @Test(
        "every Live Activity example is clean as a liveactivity push to the right topic at priority 10 and 5",
        arguments: ["start.json", "update.json", "end.json", "start-on-channel.json"])
    func liveActivityExamples(_ file: String) async {
        let path = repositoryRoot.appendingPathComponent("Examples/LiveActivities/\(file)").path
        for priority in ["10", "5"] {
            let run = await CLIRun(["lint", "--strict", "--push-type", "liveactivity", "--priority", priority, "--topic", "com.example.deploys.push-type.liveactivity", path])
            #expect(run.status == 0, "\(file): \(run.out)\(run.err)")
            #expect(run.out.isEmpty)
        }
        // As an alert push, its Live Activity keys are flagged (and 75 or 100 is out of a notification's range).
        let alert = await CLIRun(["lint", "--strict", path])
        #expect(alert.status == 1)
        #expect(alert.outLines.contains { $0.hasPrefix("warning: aps: Live Activity keys, which iOS ignores in a push of type alert") })
    }

    @Test("a Live Activity start missing its alert and attributes: one line per key, with its path")
    func liveActivityStartMissing() async {
        let run = await CLIRun(
            ["lint", "--push-type", "liveactivity"],
            stdin: "{\"aps\": {\"timestamp\": 1718870400, \"event\": \"start\", \"content-state\": {}, \"relevance-score\": 100}}")
        #expect(run.status == 1)
        #expect(
            run.outLines == [
                "error: aps.attributes-type: a start event needs attributes-type: the name of the app's ActivityAttributes type",
                "error: aps.attributes: a start event needs attributes: the activity's static attributes, as an object",
                "error: aps.alert: a start event needs an alert with a title and a body; iOS shows it when the activity starts",
            ])
    }

    @Test("--priority and --topic are checked against the push type")
    func headerOptions() async {
        let payload = "{\"aps\": {\"timestamp\": 1718870400, \"event\": \"end\"}}"
        let low = await CLIRun(["lint", "--push-type", "liveactivity", "--priority", "1", "--topic", "com.example.app"], stdin: payload)
        #expect(low.status == 1)
        #expect(
            low.outLines == [
                "error: apns-priority: a liveactivity push must be sent with priority 10 or 5; APNs rejects 1 for it",
                "error: apns-topic: \"com.example.app\" does not end with .push-type.liveactivity; a liveactivity push goes to <bundle id>.push-type.liveactivity",
            ])
        let notNumber = await CLIRun(["lint", "--priority", "high"], stdin: payload)
        #expect(notNumber.status == 2)
        #expect(notNumber.err == "herald lint: --priority: \"high\" is not a whole number (use 10, 5 or 1)\nRun 'herald lint --help' for usage.\n")
    }

    @Test("an unknown --push-type exits 2 and lists the known ones")
    func unknownPushType() async {
        let run = await CLIRun(["lint", "--push-type", "loud", example("apns.json")])
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.err.hasPrefix("herald lint: --push-type: \"loud\" is not alert, background"))
        for type in PushType.documented { #expect(run.err.contains(type.rawValue)) }
    }

    @Test("invalid JSON exits 2 with its line and column on stderr")
    func invalidJSON() async {
        let run = await CLIRun(["lint"], stdin: "{\n  \"aps\": {\n    \"alert\": \"x\",\n  }\n}\n")
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(
            run.errLines == [
                "error: payload: not valid JSON: line 4, column 3: found '}' where a member name in double quotes was expected"
            ])
    }

    @Test("a missing file or a folder exits 2 naming it")
    func unreadable() async {
        let missing = await CLIRun(["lint", "no-such-payload.json"])
        #expect(missing.status == 2)
        #expect(missing.err.contains("no-such-payload.json: no such file"))
        let folder = repositoryRoot.appendingPathComponent("Examples").path
        let run = await CLIRun(["lint", folder])
        #expect(run.status == 2)
        #expect(run.err.contains("\(folder): is a folder"))
    }

    @Test("several files: lines are prefixed with the file, clean files say ok, worst status wins")
    func severalFiles() async throws {
        let good = example("apns.json"), bad = example("lint-badge-string.json")
        let run = await CLIRun(["lint", good, bad])
        #expect(run.status == 1)
        #expect(run.outLines == ["\(good): ok", "\(bad): error: aps.badge: expected an integer, found \"3\""])
        try await withTemporaryFile("{\"aps\": ") { (broken: String) throws in
            let worst = await CLIRun(["lint", bad, broken, good])
            #expect(worst.status == 2)
            #expect(worst.outLines.count == 2)
            #expect(worst.errLines.count == 1)
            #expect(worst.errLines.first?.hasPrefix("\(broken): error: payload: not valid JSON: line 1, column 9") == true)
        }
    }
}

/// `herald lint --platform`: FCM's rules on what the payload becomes for Android.
@Suite("lint --platform")
struct LintPlatformTests {
    static let payload = #"{"aps": {"alert": "Hi", "badge": "3"}, "from": "me"}"#

    @Test("apns (the default) sees APNs' problem only, fcm FCM's only, all both with their platform")
    func platforms() async {
        let apns = await CLIRun(["lint", "-"], stdin: Self.payload)
        #expect(apns.out == "error: aps.badge: expected an integer, found \"3\"\n")
        let fcm = await CLIRun(["lint", "--platform", "fcm", "-"], stdin: Self.payload)
        #expect(fcm.status == 1)
        #expect(fcm.out == "error: fcm: data.from: is reserved by FCM (from, notification, message_type, google.*, gcm.*); rename the key\n")
        let all = await CLIRun(["lint", "--platform", "all", "-"], stdin: Self.payload)
        #expect(all.outLines == [
            "error: apns: aps.badge: expected an integer, found \"3\"",
            "error: fcm: data.from: is reserved by FCM (from, notification, message_type, google.*, gcm.*); rename the key",
        ])
    }

    @Test("a payload fine for iOS that renders over FCM's 4096 bytes fails --platform fcm only")
    func size() async {
        let payload = "{\"aps\":{\"alert\":\"" + String(repeating: "a", count: 4050) + "\"}}"
        #expect(await CLIRun(["lint", "-"], stdin: payload).status == 0)
        let fcm = await CLIRun(["lint", "--platform", "fcm", "-"], stdin: payload)
        #expect(fcm.status == 1 && fcm.out.hasPrefix("error: fcm: message: "), "\(fcm.out)")
    }
}
