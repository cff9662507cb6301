#if canImport(UIKit)
import Foundation
import HeraldCore
import UIKit

extension Herald {
    /// Receipts, inbox and badge in the App Group's shared folder, where the extensions
    /// record theirs too; `nil` (and a log line) without an App Group or its container.
    static func receiptRecorder(_ options: Options, clock: any HeraldClock, logger: any HeraldLogger) -> ReceiptRecorder? {
        guard let group = options.appGroup else { return nil }
        guard let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group) else {
            logger.log(.error, "herald: no container for App Group \(group); is it in the app's entitlements?")
            return nil
        }
        do {
            let folder = try SharedFolder.folder(in: container)
            let outbox = try ReceiptOutbox(directory: folder, logger: logger)
            let sender = options.receiptTransport.map { ReceiptSender(outbox: outbox, transport: $0, clock: clock, logger: logger) }
            return ReceiptRecorder(outbox: outbox, inbox: try Inbox(directory: folder, logger: logger), sender: sender, logger: logger)
        } catch {
            logger.log(.error, "herald: cannot open the shared folder of App Group \(group): \(error)")
            return nil
        }
    }
}
#endif
