import Foundation
import HeraldCore
import Testing

/// `herald inspect --json`: the stable, documented shape (docs/cli.md).
@Suite("inspect --json")
struct InspectJSONTests {
    static let topLevelKeys: Set<String> = [
        "provider", "id", "alert", "badge", "sound", "category", "threadId", "contentAvailable", "mutableContent",
        "interruptionLevel", "relevanceScore", "liveActivity", "link", "attachments", "data", "notes",
    ]

    /// Every `Examples/Payloads/<provider>.json`; the `lint-*` files are deliberately wrong examples.
    static let providerExamples: [String] = {
        let folder = repositoryRoot.appendingPathComponent("Examples/Payloads").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix("lint-") }.sorted()
    }()

    /// Checks `report` has exactly the documented keys with the documented types.
    static func checkShape(_ report: JSONValue, _ name: String) {
        #expect(report.keySet == topLevelKeys, "\(name): top-level keys")
        #expect(report["alert"]?.keySet == ["title", "subtitle", "body"], "\(name): alert keys")
        #expect(report["provider"]?.stringValue != nil, "\(name): provider is a string")
        for key in ["id", "sound", "category", "threadId", "interruptionLevel", "link"] {
            let value = report[key]
            #expect(value?.isNull == true || value?.stringValue != nil, "\(name): \(key) is a string or null")
        }
        for key in ["title", "subtitle", "body"] {
            let value = report["alert"]?[key]
            #expect(value?.isNull == true || value?.stringValue != nil, "\(name): alert.\(key) is a string or null")
        }
        #expect(report["badge"]?.isNull == true || report["badge"]?.intValue != nil, "\(name): badge")
        #expect(report["relevanceScore"]?.isNull == true || report["relevanceScore"]?.doubleValue != nil, "\(name): relevanceScore")
        #expect(report["contentAvailable"]?.boolValue != nil, "\(name): contentAvailable is a Boolean")
        #expect(report["mutableContent"]?.boolValue != nil, "\(name): mutableContent is a Boolean")
        #expect(report["data"]?.objectValue != nil, "\(name): data is an object")
        if let live = report["liveActivity"], !live.isNull { checkLiveActivityShape(live, name) }
        #expect(report["notes"]?.arrayValue?.allSatisfy { $0.stringValue != nil } == true, "\(name): notes are strings")
        let attachments = report["attachments"]?.arrayValue
        #expect(attachments != nil, "\(name): attachments is an array")
        for attachment in attachments ?? [] {
            #expect(attachment.keySet == ["url", "type"], "\(name): attachment keys")
            #expect(attachment["url"]?.stringValue != nil)
            #expect(attachment["type"]?.isNull == true || ["image", "audio", "video"].contains(attachment["type"]?.stringValue))
        }
    }

    static let liveActivityKeys: Set<String> = [
        "event", "timestamp", "contentState", "staleDate", "dismissalDate", "attributesType", "attributes", "inputPushToken",
        "inputPushChannel",
    ]

    /// Checks the `liveActivity` object has exactly the documented keys with their types.
    static func checkLiveActivityShape(_ live: JSONValue, _ name: String) {
        #expect(live.keySet == liveActivityKeys, "\(name): liveActivity keys")
        for key in ["event", "attributesType", "inputPushChannel"] {
            #expect(live[key]?.isNull == true || live[key]?.stringValue != nil, "\(name): liveActivity.\(key)")
        }
        for key in ["timestamp", "staleDate", "dismissalDate"] {
            #expect(live[key]?.isNull == true || live[key]?.intValue != nil, "\(name): liveActivity.\(key)")
        }
        #expect(live["inputPushToken"]?.boolValue != nil, "\(name): liveActivity.inputPushToken")
    }

    @Test("a Live Activity start, key by key: every Live Activity key typed, any relevance score")
    func liveActivityStart() async throws {
        let run = await CLIRun(["inspect", "--json", repositoryRoot.appendingPathComponent("Examples/LiveActivities/start.json").path])
        #expect(run.status == 0)
        let report = try #require(try run.jsonLines().first)
        Self.checkShape(report, "start.json")
        #expect(report["relevanceScore"] == 75)
        #expect(report["alert"] == ["title": "Deploy started", "subtitle": nil, "body": "checkout 2.4.0 is building"])
        #expect(
            report["liveActivity"] == [
                "event": "start", "timestamp": 1_718_870_400, "contentState": ["stage": "build", "progress": 0.1],
                "staleDate": 1_718_874_000, "dismissalDate": nil, "attributesType": "DeployAttributes",
                "attributes": ["service": "checkout", "version": "2.4.0"], "inputPushToken": true, "inputPushChannel": nil,
            ])
        #expect(report["notes"] == [])
    }

    @Test("the channel id a start subscribes to, and the dismissal date of an end")
    func liveActivityChannelAndEnd() async throws {
        let folder = repositoryRoot.appendingPathComponent("Examples/LiveActivities")
        let run = await CLIRun(["inspect", "--json", folder.appendingPathComponent("start-on-channel.json").path, folder.appendingPathComponent("end.json").path])
        let lines = try run.jsonLines()
        try #require(lines.count == 2)
        #expect(lines[0]["liveActivity"]?["inputPushChannel"] == "dHJhaW5zLWxpbmUtNw==")
        #expect(lines[0]["liveActivity"]?["inputPushToken"] == false)
        #expect(lines[1]["liveActivity"]?["event"] == "end")
        #expect(lines[1]["liveActivity"]?["dismissalDate"] == 1_718_874_600)
        for line in lines { Self.checkShape(line, "live activity") }
    }

    @Test("the example folder has one payload per built-in provider")
    func examplesExist() {
        let providers = Set(Self.providerExamples.map { String($0.dropLast(".json".count)) })
        #expect(providers == Set(ProviderSpec.builtIn.map(\.id.rawValue) + ["apns"]))
    }

    @Test(
        "every provider example is recognised and has exactly the documented keys",
        arguments: providerExamples)
    func providerExample(_ file: String) async throws {
        let run = await CLIRun(["inspect", "--json", example(file)])
        #expect(run.status == 0, "\(file): \(run.err)")
        #expect(run.err.isEmpty)
        let lines = try run.jsonLines()
        try #require(lines.count == 1)
        #expect(lines[0]["provider"]?.stringValue == String(file.dropLast(".json".count)))
        #expect(lines[0]["notes"]?.arrayValue != nil)
        Self.checkShape(lines[0], file)
    }

    @Test("the lint examples keep the same shape")
    func lintExamplesShape() async throws {
        for file in ["lint-badge-string.json", "lint-background-with-alert.json"] {
            let run = await CLIRun(["inspect", "--json", example(file)])
            #expect(run.status == 0)
            let report = try #require(try run.jsonLines().first)
            Self.checkShape(report, file)
            #expect(report["provider"] == "herald")
        }
    }

    @Test("FCM example, field by field")
    func fcm() async throws {
        let run = await CLIRun(["inspect", "--json", example("fcm.json")])
        let expected: JSONValue = [
            "provider": "fcm", "id": "1718871004315750",
            "alert": ["title": "Driver arriving", "subtitle": nil, "body": "Your driver is 2 minutes away."],
            "badge": nil, "sound": "default", "category": nil, "threadId": nil,
            "contentAvailable": false, "mutableContent": false, "interruptionLevel": nil, "relevanceScore": nil,
            "liveActivity": nil, "link": nil, "attachments": [], "data": ["bookingId": "472", "type": "arriving"], "notes": [],
        ]
        #expect(try run.jsonLines() == [expected])
    }

    @Test("APNs example, field by field: id and link stay in data")
    func apns() async throws {
        let run = await CLIRun(["inspect", "--json", example("apns.json")])
        let expected: JSONValue = [
            "provider": "apns", "id": "evt_01HZX8842",
            "alert": ["title": "Order shipped", "subtitle": "Order #8842", "body": "Your parcel is on its way."],
            "badge": 3, "sound": "default", "category": nil, "threadId": "orders",
            "contentAvailable": false, "mutableContent": false, "interruptionLevel": nil, "relevanceScore": nil,
            "liveActivity": nil, "link": "shopapp://orders/8842", "attachments": [],
            "data": ["id": "evt_01HZX8842", "link": "shopapp://orders/8842", "orderId": "8842"], "notes": [],
        ]
        #expect(try run.jsonLines() == [expected])
    }

    @Test("attachments carry url and type; an unwrapped JSON string is reported in notes")
    func attachmentsAndNotes() async throws {
        let braze = try #require(try await CLIRun(["inspect", "--json", example("braze.json")]).jsonLines().first)
        #expect(
            braze["attachments"] == [
                [
                    "url": "https://braze-images.com/appboy/communication/assets/image_assets/images/6661a7d0b1c2d3e4f5a60713/original.jpg",
                    "type": "image",
                ]
            ])
        #expect(braze["mutableContent"] == true)
        let getui = try #require(try await CLIRun(["inspect", "--json", example("getui.json")]).jsonLines().first)
        #expect(getui["data"] == ["payload": ["type": "order", "orderId": "8842", "page": "orderDetail"]])
        #expect(getui["notes"] == ["payload: holds an object inside a string; unwrapped"])
    }

    @Test("every aps field reaches the JSON")
    func allApsFields() async throws {
        let payload = """
            {"aps": {"alert": {"title": "T", "subtitle": "S", "body": "B"}, "badge": 0, "sound": {"critical": 1, "name": "siren.caf", "volume": 0.5},
             "category": "INVITE", "thread-id": "t1", "content-available": 1, "mutable-content": 1,
             "interruption-level": "time-sensitive", "relevance-score": 0.25},
             "id": "m1", "link": "app://x", "image_url": "https://e.com/p.png?x=1", "extra": [1, 2.5, null]}
            """
        let report = try #require(try await CLIRun(["inspect", "--json"], stdin: payload).jsonLines().first)
        Self.checkShape(report, "all fields")
        let expected: JSONValue = [
            "provider": "apns", "id": "m1", "alert": ["title": "T", "subtitle": "S", "body": "B"],
            "badge": 0, "sound": "siren.caf", "category": "INVITE", "threadId": "t1",
            "contentAvailable": true, "mutableContent": true, "interruptionLevel": "time-sensitive",
            "relevanceScore": 0.25, "liveActivity": nil, "link": "app://x", "attachments": [["url": "https://e.com/p.png?x=1", "type": "image"]],
            "data": ["id": "m1", "link": "app://x", "image_url": "https://e.com/p.png?x=1", "extra": [1, 2.5, nil]],
            "notes": [],
        ]
        #expect(report == expected)
    }

    @Test("several files give one JSON line each, in order")
    func severalFiles() async throws {
        let files = ["fcm.json", "umeng.json", "jpush.json", "herald.json"]
        let run = await CLIRun(["inspect", "--json"] + files.map(example))
        #expect(run.status == 0)
        #expect(run.err.isEmpty)
        #expect(run.out.hasSuffix("\n"))
        #expect(run.out.split(separator: "\n", omittingEmptySubsequences: false).count == files.count + 1)
        let lines = try run.jsonLines()
        #expect(lines.map { $0["provider"]?.stringValue } == ["fcm", "umeng", "jpush", "herald"])
        for (file, line) in zip(files, lines) { Self.checkShape(line, file) }
    }

    @Test("one bad file among several: the others are still printed, exit 2")
    func oneBadAmongSeveral() async throws {
        try await withTemporaryFile("[1, 2]") { (bad: String) throws in
            let run = await CLIRun(["inspect", "--json", example("fcm.json"), bad, example("umeng.json")])
            #expect(run.status == 2)
            #expect(try run.jsonLines().map { $0["provider"]?.stringValue } == ["fcm", "umeng"])
            #expect(run.errLines == ["herald inspect: \(bad): a payload is a JSON object such as {\"aps\": {...}}, found an array"])
        }
    }

    @Test("without --json: a readable table, with a header per file when there are several")
    func textReport() async {
        let one = await CLIRun(["inspect", example("jpush.json")])
        #expect(one.status == 0)
        #expect(one.outLines.first == "provider      jpush")
        #expect(one.outLines.contains("id            2038183454"))
        #expect(one.outLines.contains("body          有人关注你啦"))
        #expect(one.outLines.contains("badge         3"))
        #expect(!one.out.contains("=="))
        let two = await CLIRun(["inspect", example("fcm.json"), example("umeng.json")])
        #expect(two.outLines.filter { $0.hasPrefix("== ") } == ["== \(example("fcm.json"))", "== \(example("umeng.json"))"])
    }
}
