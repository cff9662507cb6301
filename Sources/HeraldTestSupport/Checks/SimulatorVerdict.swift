/// What the simulator answers one request.
enum SimulatorVerdict {
    case accept(RecordedNotification)
    case reject(status: Int, reason: String)
}
