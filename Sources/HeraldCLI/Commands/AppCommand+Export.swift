import Foundation
import HeraldGateway
import HeraldShared
import HeraldStore

extension AppCommand {
    /// Devices read per page: a page's lines are written at once, and no more is held.
    static let exportPage = 1000

    /// `herald app export-devices --app ID`: the app's live devices as JSON lines on standard
    /// output, each what `import-devices` reads back (`DeviceFields.exported`), a page at a
    /// time in id order; devices whose token the push service declared dead are left out.
    /// The count goes to standard error, so the output is the lines alone.
    static func exportDevices(_ arguments: Arguments, store location: StoreLocation, terminal: Terminal) throws -> Int32 {
        let appID = try arguments.required(Self.app)
        let store = try location.open(connections: 2)
        guard try store.app(id: appID) != nil else { throw StoreError(.notFound, "no app \(appID); 'herald app list' shows the apps") }
        var after = "", exported = 0, invalidated = 0
        while true {
            let page = try store.devices(appID: appID, matching: .after(after), limit: exportPage)
            guard let last = page.last else { break }
            after = last.id
            let live = page.filter { $0.invalidatedAt == nil }
            invalidated += page.count - live.count
            exported += live.count
            if !live.isEmpty { terminal.print(live.map { JSONWriter.serialize(DeviceFields.exported($0)) }.joined(separator: "\n")) }
            if page.count < exportPage { break }
        }
        terminal.error(
            "herald app: exported \(exported) devices of \(appID)" + (invalidated > 0 ? " (\(invalidated) invalidated left out)" : ""))
        return 0
    }
}
