/// What the simulator answers one request.
package enum SimulatorVerdict {
    /// A notification or a broadcast, recorded, then answered 200.
    case accept(RecordedNotification)
    case reject(status: Int, reason: String)
    /// A channel API answer: a status, `apns-*` headers and a JSON body (or none).
    case answer(status: Int, headers: [(String, String)], body: [UInt8]?)
    /// No answer ever: the connection goes silent (a `stall` fault).
    case stall
}
