/// The faults in force and how often each has struck; used on the server thread only.
final class FaultPlan {
    private var faults: [SimulatorFault]
    private var hits: [Int]
    private var requests = 0

    init(_ faults: [SimulatorFault]) {
        self.faults = faults
        self.hits = Array(repeating: 0, count: faults.count)
    }

    var isEmpty: Bool { faults.isEmpty }

    /// The actions for the next request to `token`, in the order the faults were given.
    func actions(for token: String) -> [SimulatorFault.Action] {
        requests += 1
        var actions: [SimulatorFault.Action] = []
        for index in faults.indices {
            let fault = faults[index]
            if let times = fault.times, hits[index] >= times { continue }
            let matches: Bool
            switch fault.target {
            case .token(let wanted): matches = wanted == token
            case .anyToken: matches = true
            case .every(let n): matches = requests % n == 0
            }
            guard matches else { continue }
            hits[index] += 1
            actions.append(fault.action)
        }
        return actions
    }

    /// Adds a fault while running (tests program the simulator between requests).
    func add(_ fault: SimulatorFault) {
        faults.append(fault)
        hits.append(0)
    }

    func removeAll() {
        faults.removeAll()
        hits.removeAll()
    }
}
