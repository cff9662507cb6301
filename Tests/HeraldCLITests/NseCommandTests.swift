import Foundation
import HeraldServerTestSupport
import HeraldTestSupport
import HeraldCore
import Testing

/// `herald nse`: the command line, in-process and as the built executable,
/// against a local media server.
@Suite("herald nse", .serialized)
struct NseCommandTests {
    @Test("usage errors exit 2 with a reason")
    func usage() async throws {
        #expect(await CLIRun(["nse"]).status == 2)
        #expect(await CLIRun(["nse", "/no/such/payload.json"]).err.contains("no such file"))
        try await withTemporaryFile(#"{"aps":{"alert":"x"}}"#) { path in
            let bad = await CLIRun(["nse", path, "--deadline", "soon"])
            #expect(bad.status == 2 && bad.err.contains("--deadline: \"soon\" is not a number of seconds from 0 to 600"))
            #expect(await CLIRun(["nse", path, "--deadline", "-1"]).status == 2)
            #expect(await CLIRun(["nse", path, "--preset", "nope"]).err.contains("--preset: \"nope\" is not post002"))
            #expect(await CLIRun(["nse", path, "--resources", "/no/such/folder"]).status == 2)
        }
        let help = await CLIRun(["nse", "--help"])
        #expect(help.status == 0)
        for word in ["--deadline", "--out", "--json", "--preset", "--resources"] { #expect(help.out.contains(word)) }
        #expect(await CLIRun(["--help"]).out.contains("nse"))
    }

    @Test("no attachments: delivered at once, exit 0; not JSON: delivered unchanged, exit 0")
    func noAttachments() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("herald-cli-nse-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        try await withTemporaryFile(#"{"aps":{"alert":{"title":"Hi","body":"There"},"category":"c1","thread-id":"t"}}"#) { path in
            let run = await CLIRun(["nse", path, "--json", "--out", out])
            #expect(run.status == 0)
            let json = try #require(try run.jsonLines().first)
            #expect(json["trigger"] == "completed")
            #expect(json["content"]?["title"] == "Hi" && json["content"]?["category"] == "c1" && json["content"]?["thread"] == "t")
            #expect(json["attachments"] == [])
            #expect(json.keySet == ["delivered", "trigger", "elapsed", "unchanged", "content", "attachments", "skipped", "notes", "out"])
        }
        try await withTemporaryFile("not json at all") { path in
            let run = await CLIRun(["nse", path, "--out", out])
            #expect(run.status == 0)
            #expect(run.out.hasPrefix("delivered unchanged"))
        }
    }

    @Test("a critical sound is shown as iOS plays it, critical with its volume; an ordinary one stays a name")
    func criticalSound() async throws {
        try await withTemporaryFile(#"{"aps":{"alert":"Fire","sound":{"critical":1,"name":"alarm.caf","volume":0.8}}}"#) { path in
            let json = try #require(try await CLIRun(["nse", path, "--json"]).jsonLines().first)
            #expect(json["content"]?["sound"] == ["critical": true, "name": "alarm.caf", "volume": 0.8])
            #expect(await CLIRun(["nse", path]).out.contains("  sound: alarm.caf (critical, volume 0.8)"))
        }
        try await withTemporaryFile(#"{"aps":{"alert":"Fire","sound":{"critical":1,"volume":3}}}"#) { path in
            let json = try #require(try await CLIRun(["nse", path, "--json"]).jsonLines().first)
            let sound = json["content"]?["sound"]
            #expect(sound?["critical"] == true && sound?["name"] == "default")
            #expect(sound?["volume"]?.doubleValue == 1, "clamped to 1")
        }
        try await withTemporaryFile(#"{"aps":{"alert":"Hi","sound":"ping.caf"}}"#) { path in
            let json = try #require(try await CLIRun(["nse", path, "--json"]).jsonLines().first)
            #expect(json["content"]?["sound"] == "ping.caf")
        }
    }

    @Test("bundled resources and file URLs are attached without a server")
    func resources() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-cli-res-\(UUID().uuidString)").path
        let out = folder + "/out"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // An M4A (ftyp brand M4A) without an extension, and a GIF behind a file URL.
        try Data([0, 0, 0, 0x20] + Array("ftypM4A ".utf8) + [UInt8](repeating: 0, count: 200)).write(
            to: URL(fileURLWithPath: folder + "/like"))
        try Data(Array("GIF89a".utf8) + [UInt8](repeating: 1, count: 100)).write(to: URL(fileURLWithPath: folder + "/pic.gif"))
        let payload = #"{"aps":{"alert":"x","mutable-content":1},"media-url":["like","file://\#(folder)/pic.gif","missing.png"]}"#
        try await withTemporaryFile(payload) { path in
            let run = await CLIRun(["nse", path, "--resources", folder, "--out", out, "--json"])
            #expect(run.status == 0)
            let json = try #require(try run.jsonLines().first)
            #expect(Set((json["attachments"]?.arrayValue ?? []).compactMap { $0["format"]?.stringValue }) == ["m4a", "gif"])
            #expect(json["skipped"]?[0]?["reason"] == "no bundled resource named missing.png")
        }
    }

    @Test("without --out: attachments go to a temporary folder, removed when the command ends")
    func temporaryFolder() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-cli-res-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(Array("GIF89a".utf8) + [UInt8](repeating: 1, count: 100)).write(to: URL(fileURLWithPath: folder + "/pic.gif"))
        try await withTemporaryFile(#"{"aps":{"alert":"x","mutable-content":1},"media-url":["file://\#(folder)/pic.gif"]}"#) { path in
            let json = try #require(try await CLIRun(["nse", path, "--json"]).jsonLines().first)
            #expect(json["attachments"]?[0]?["format"] == "gif")
            let out = try #require(json["out"]?.stringValue)
            #expect(json["attachments"]?[0]?["path"]?.stringValue?.hasPrefix(out + "/") == true)
            #expect(!FileManager.default.fileExists(atPath: out), "\(out) is left behind")
            let text = await CLIRun(["nse", path])
            let line = try #require(text.outLines.first { $0.hasPrefix("  out: ") }, "\(text.out)")
            #expect(line.hasSuffix(", removed on exit (--out DIR keeps the files)"))
            let textOut = String(line.dropFirst("  out: ".count).prefix { $0 != "," })
            #expect(!FileManager.default.fileExists(atPath: textOut), "\(textOut) is left behind")
        }
    }

    @Test("--app-group DIR: the extension records the inbox entry, the badge and the delivered receipt; outbox show lists them")
    func appGroup() async throws {
        let group = FileManager.default.temporaryDirectory.appendingPathComponent("herald-cli-group-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: group) }
        try await withTemporaryFile(#"{"aps":{"alert":{"title":"Order 7","body":"shipped"},"mutable-content":1},"id":"n-7"}"#) { path in
            let run = try #require(try await CLIRun(["nse", path, "--app-group", group, "--json"]).jsonLines().first)
            #expect(run["content"]?["badge"] == 1)
            let text = await CLIRun(["nse", path, "--app-group", group])
            #expect(text.outLines.contains("  badge: 1"), "the same push again is counted once: \(text.out)")
        }
        let shown = await CLIRun(["outbox", "show", group])
        #expect(shown.status == 0)
        #expect(shown.outLines.first == "receipts: 1, pending 1")
        #expect(shown.out.contains("pending  delivered            n-7  extension"), "\(shown.out)")
        #expect(shown.out.contains("inbox: 1 items, 1 unread, badge 1"), "\(shown.out)")
        #expect(shown.out.contains("unread  n-7  Order 7"), "\(shown.out)")
    }

    @Test("the executable: post 002 with unseen servers (no extension, wrong type, too big, stalled, 404, redirect)")
    func endToEnd() throws {
        guard FileManager.default.isExecutableFile(atPath: ExecutableEndToEndTests.executable.path) else {
            Issue.record("\(ExecutableEndToEndTests.executable.path) is missing; run `swift build` first")
            return
        }
        let server = try MediaServer()
        defer { server.stop() }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("herald-cli-nse-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let inner = #"{"aps":{"pushtopic":"Finance","pushimageurl":"\#(server.url("/m/png/40000/cover?type=text/plain"))"}}"#
        let payload: JSONValue = [
            "aps": ["alert": ["body": "Markets rally"], "mutable-content": 1], "_gmid_": "GT_1:2:3", "payload": .string(inner),
            "media-url": [
                .string(server.url("/redirect/2/m/mp3/30000/track")), .string(server.url("/m/jpeg/10500000/huge.jpg")),
                .string(server.url("/stall")), .string(server.url("/status/404")),
            ],
        ]
        let result = try ExecutableEndToEndTests.run(
            ["nse", "-", "--preset", "post002", "--deadline", "1.5", "--out", out, "--json"],
            stdin: Data(JSONWriter.serialize(payload).utf8))
        #expect(result.status == 0, "\(result.err)")
        let json = try parseJSON(result.out)
        #expect(json["trigger"] == "deadline")
        #expect(json["content"]?["title"] == "經濟日報" && json["content"]?["subtitle"] == "Finance")
        #expect(json["content"]?["category"] == "category2")
        let formats = Set((json["attachments"]?.arrayValue ?? []).compactMap { $0["format"]?.stringValue })
        #expect(formats == ["mp3", "png"])
        let reasons = (json["skipped"]?.arrayValue ?? []).compactMap { $0["reason"]?.stringValue }
        #expect(reasons.count == 3)
        #expect(reasons.contains { $0.contains("Content-Length is 10500000") })
        #expect(reasons.contains { $0.contains("HTTP 404") })
        #expect(reasons.contains { $0.contains("deadline") })
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).sorted()
        #expect(files.count == 2 && files.allSatisfy { $0.hasSuffix(".mp3") || $0.hasSuffix(".png") }, "\(files)")
    }
}
