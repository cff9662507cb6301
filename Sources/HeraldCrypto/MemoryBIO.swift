import COpenSSL

/// An OpenSSL memory BIO: bytes in for the PEM readers, bytes out of the PEM writers.
package final class MemoryBIO {
    package let pointer: OpaquePointer

    /// A BIO that reads `bytes` (copied).
    package init(reading bytes: [UInt8], operation: String) throws(OpenSSLError) {
        ERR_clear_error()
        guard let bio = BIO_new(BIO_s_mem()) else { throw OpenSSLError.drain(operation) }
        pointer = bio
        if !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { BIO_write(bio, $0.baseAddress, Int32($0.count)) }
            guard written == Int32(bytes.count) else { throw OpenSSLError.drain(operation) }
        }
    }

    /// An empty BIO to write into.
    package convenience init(operation: String) throws(OpenSSLError) {
        try self.init(reading: [], operation: operation)
    }

    deinit { BIO_free(pointer) }

    /// Everything written so far.
    package var bytes: [UInt8] {
        var base: UnsafeMutablePointer<CChar>?
        let count = herald_BIO_get_mem_data(pointer, &base)
        guard let base, count > 0 else { return [] }
        return base.withMemoryRebound(to: UInt8.self, capacity: count) { Array(UnsafeBufferPointer(start: $0, count: count)) }
    }

    /// Everything written so far, as text (PEM is ASCII).
    package var text: String { String(decoding: bytes, as: UTF8.self) }
}
