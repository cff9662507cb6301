import Dispatch
import Foundation
import HeraldCore
import HeraldDownload

/// `herald nse`: the real Service Extension pipeline on Linux, live clock and libcurl.
enum NseCommand: MainActorCommand {
    static let name = "nse"
    static let summary = "Run the Notification Service Extension pipeline on a payload"
    static let help = """
        Usage: herald nse PAYLOAD.json [--deadline S] [--out DIR] [--json]
                                       [--preset post002] [--resources DIR]...
                                       [--app-group DIR]

        Runs the Service Extension pipeline a Herald app runs on the device: decodes
        the payload, changes the content (aps.alert, Airship's content object, a
        preset's rules), downloads every attachment in parallel to DIR (streamed to
        disk, typed by filename query item, Content-Type, extension and magic bytes,
        within Apple's caps: image 10 MB, audio 5 MB, video 50 MB), and delivers the
        best attempt once: when all downloads end or at the deadline, whichever comes
        first. Prints the delivered content, each attachment (path, format, bytes) or
        why it was skipped, and the time taken. docs/nse.md has the details.

        Options:
        \(OptionHelp.lines(spec.allOptions))

        Exit status: 0 when content was delivered, whatever failed inside it (failed
        attachments are listed as skipped); 2 when the command line or the payload
        file cannot be used.
        """
    static let deadline = Option.duration(
        "deadline", "S", in: .within(0...600), "seconds before delivering what is ready, 0 to 600 (default 27: iOS allows about 30)")
    static let out = Option.text(
        "out", "DIR", kind: .path,
        "where attachments are written and kept; created when missing (default: a new folder in the temporary directory, removed when the command ends)"
    )
    static let json = Option.flag("json", "one JSON object (keys in docs/cli.md)")
    static let preset = Option.choice(
        "preset", "post002", ["post002"],
        "the GeTui extension of docs/ARCHITECTURE.md's seed post 002: title 經濟日報, subtitle from payload's aps.pushtopic, category category2"
    )
    static let resources = Option.repeatable(
        "resources", "DIR", kind: .folder, "a folder of bundled resources, for attachments named by a bare file name (repeatable)")
    static let appGroup = Option.text(
        "app-group", "DIR", kind: .path,
        "the App Group folder the app shares: the notification is recorded in its inbox, the content sets the badge the inbox counts, and the delivered receipt goes to its outbox (see them with herald outbox show DIR); created when missing"
    )
    static let spec = Arguments.Spec([
        deadline.descriptor, out.descriptor, json.descriptor, preset.descriptor, resources.descriptor, appGroup.descriptor,
    ])

    /// The pipeline and its downloader belong to the main actor.
    @MainActor
    static func runOnMain(_ arguments: Arguments, terminal: Terminal) async -> Int32 {
        let configuration: ServiceExtensionConfiguration
        let payload: Data
        let kept: Bool
        let shared: AppGroup?
        do {
            // The App Group first: prepare makes a folder that a later error would leave behind.
            shared = try arguments[Self.appGroup].map(AppGroup.init(path:))
            (configuration, payload, kept) = try prepare(arguments, terminal: terminal)
        } catch {
            return fail("\(error)", terminal)
        }
        // The folder the command made for itself goes with it; --out's folder is the caller's.
        defer { if !kept { try? FileManager.default.removeItem(atPath: configuration.directory) } }
        let result = await deliver(configuration, payload: payload, shared: shared)
        let report = NseReport(report: result.0, wallTime: result.1, directory: configuration.directory, kept: kept)
        terminal.print(arguments[Self.json] ? report.json : report.text)
        return 0
    }

    /// The configuration, the payload, and whether the attachments' folder is kept (`--out`).
    private static func prepare(_ arguments: Arguments, terminal: Terminal) throws -> (ServiceExtensionConfiguration, Data, Bool) {
        guard arguments.positionals.count == 1 else { throw UsageError("give one payload file, or - for standard input") }
        let input = try PayloadInput.read(arguments.positionals, terminal: terminal)[0]
        let preset = arguments[Self.preset]
        let deadline = arguments[Self.deadline]
        let resources = arguments[Self.resources].map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        // Made last: a command line that cannot be used leaves no folder behind.
        let requested = arguments[Self.out]
        let directory = try outputDirectory(requested)
        var configuration =
            preset == "post002" ? .post002(directory: directory) : ServiceExtensionConfiguration(directory: directory)
        configuration.composer.mutations.insert(.airshipContent, at: 0)
        if let deadline { configuration.deadline = deadline }
        configuration.attachments.resourceDirectories += resources
        return (configuration, input.bytes, requested != nil)
    }

    private static func outputDirectory(_ requested: String?) throws -> String {
        let path =
            requested ?? FileManager.default.temporaryDirectory.appendingPathComponent("herald-nse-\(UUID().uuidString.prefix(8))").path
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw UsageError("--out \(path): cannot create the folder: \(error.localizedDescription)")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
            FileManager.default.isWritableFile(atPath: path)
        else { throw UsageError("--out \(path): not a writable folder") }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Runs the pipeline until it delivers, then gives its cancelled downloads a moment to
    /// be cleaned up; returns the report and the wall-clock seconds to delivery.
    @MainActor
    private static func deliver(_ configuration: ServiceExtensionConfiguration, payload: Data, shared: AppGroup?) async
        -> (ServiceExtensionReport, Double)
    {
        let downloader = CurlDownloader()
        let pipeline = ServiceExtensionPipeline(
            configuration: configuration, downloader: downloader, clock: LiveClock(), receipts: shared?.receipts, inbox: shared?.inbox,
            logger: StandardErrorLogger())
        let started = DispatchTime.now().uptimeNanoseconds
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<(ServiceExtensionReport, Double), Never>) in
            pipeline.onReport = { report in
                continuation.resume(returning: (report, Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9))
            }
            pipeline.start(Array(payload)) { _ in }
        }
        // Cancelled transfers remove their partial files.
        let settle = Date(timeIntervalSinceNow: 2)
        while !downloader.isIdle, Date() < settle {
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        pipeline.onReport = nil
        return result
    }

    /// `--app-group DIR`: the outbox and the inbox the app and its extension share.
    struct AppGroup: Sendable {
        var receipts: OutboxReceiptSink
        var inbox: Inbox

        init(path: String) throws {
            let folder = URL(fileURLWithPath: path)
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                receipts = OutboxReceiptSink(outbox: try ReceiptOutbox(directory: folder))
                inbox = try Inbox(directory: folder)
            } catch {
                throw UsageError("--app-group \(path): cannot use the folder: \(error.localizedDescription)")
            }
        }
    }
}
