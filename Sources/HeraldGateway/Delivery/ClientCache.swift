/// The push-service clients a deliverer keeps: one per set of credentials, made on first use
/// and kept. Batches that ask while one is being made (the engine sends several at once)
/// wait for that one instead of each making its own connection pool; a client that could
/// not be made is tried again by the next batch.
public actor ClientCache<Key: Hashable & Sendable, Client: Sendable> {
    private var clients: [Key: Task<Client, any Error>] = [:]

    public init() {}

    /// The client for `key`, made by `make` the first time.
    public func client(for key: Key, make: @escaping @Sendable () throws -> Client) async throws -> Client {
        if let made = clients[key] { return try await made.value }
        let making = Task { try make() }
        clients[key] = making
        do {
            return try await making.value
        } catch {
            if clients[key] == making { clients[key] = nil }  // the next batch tries again
            throw error
        }
    }

    /// Every client made, forgotten here (to be shut down).
    public func removeAll() async -> [Client] {
        var made: [Client] = []
        for task in clients.values { if let client = try? await task.value { made.append(client) } }
        clients = [:]
        return made
    }
}
