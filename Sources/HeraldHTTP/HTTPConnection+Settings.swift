extension HTTPConnection {
    package struct Settings: Sendable {
        var parser = HTTPHeadParser.Limits()
        /// Seconds a connection may wait for the first byte of a request, or for the client
        /// to take the bytes of an answer.
        var idleTimeout = 30.0
        /// Seconds from a request's first byte to the end of its head.
        var headTimeout = 10.0
        /// Seconds from the end of a request's head to the end of its body.
        var bodyTimeout = 30.0
        /// Bytes a second a body must arrive at, on average, once `bodyGrace` seconds have
        /// passed since its head, and an answer be taken at past `idleTimeout` (0: no
        /// minimum): a body sent a byte at a time is cut off (408) and its room in the body
        /// budget given back; a reader that slow is disconnected.
        var minTransferRate = 1024.0
        var bodyGrace = 5.0
        /// Seconds to keep reading (and dropping) what a client still sends after an answer
        /// that ends the connection early, so that the answer is not lost to a reset.
        var lingerTimeout = 2.0
        /// Seconds a connection must have waited for a request before the server, when
        /// full, may close it to make room.
        var evictAfter = 1.0
        /// Seconds a request's work handed off the loop (the key check, the handler) may
        /// take, queued and running, before the request is answered 503 with Retry-After.
        var handlerTimeout = 10.0

        /// The defaults above (the memberwise initializer stays internal).
        package static var defaults: Settings { Settings() }
    }

    enum Phase: Equatable {
        /// Between requests: nothing of the next one has arrived.
        case idle
        /// Reading a request head.
        case head
        /// Reading a request body.
        case body
        /// Waiting for work handed off the loop (a decision that needs the store, or the
        /// handler): nothing more is read meanwhile, pipelined requests stay buffered.
        case working
        /// The last answer is written; reading and dropping until the client closes.
        case lingering
        case closed
    }
}
