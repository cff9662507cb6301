// A child process for the outbox crash and concurrency tests: records receipts for
// notifications PREFIX-0 ... PREFIX-(COUNT-1) one at a time and prints "ack ID" only
// after each record has returned (is durable). Tests kill it with SIGKILL at random
// points and check that every acknowledged receipt is there exactly once.
//
// Usage: herald-outbox-stress DIR PREFIX COUNT
import Foundation
import HeraldCore

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: herald-outbox-stress DIR PREFIX COUNT\n".utf8))
    exit(2)
}
let directory = URL(fileURLWithPath: arguments[1])
let prefix = arguments[2]
do {
    let outbox = try ReceiptOutbox(directory: directory)
    for index in 0..<count {
        let id = "\(prefix)-\(index)"
        let receipt = Receipt(
            id: UUID().uuidString, kind: .delivered, notificationID: id, provider: .herald,
            at: Date().timeIntervalSince1970, state: .background, origin: .serviceExtension)
        try outbox.record([receipt])
        FileHandle.standardOutput.write(Data("ack \(id)\n".utf8))
    }
} catch {
    FileHandle.standardError.write(Data("herald-outbox-stress: \(error)\n".utf8))
    exit(1)
}
