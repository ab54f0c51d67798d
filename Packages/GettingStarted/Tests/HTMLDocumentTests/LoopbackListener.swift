#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP socket listening on 127.0.0.1 that only counts the connections made to it, to show that nothing connects.
///
/// The kernel completes a connection whether or not anyone has called `accept` yet, so counting afterwards sees every
/// connection made in the meantime, even one its client closed at once.
final class LoopbackListener {
    /// The port, chosen by the system.
    let port: UInt16
    private let descriptor: Int32

    /// Starts listening on a free port.
    init() throws {
        let (descriptor, port) = try Self.listeningSocket()
        self.descriptor = descriptor
        self.port = port
    }

    deinit {
        close(descriptor)
    }

    /// Opens a connection to the listener and closes it again.
    func connectOnce() throws {
        let client = socket(AF_INET, Self.streamType, 0)
        guard client >= 0 else { throw LoopbackListenerError(call: "socket", code: errno) }
        defer { close(client) }
        var address = Self.loopbackAddress(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw LoopbackListenerError(call: "connect", code: errno) }
    }

    /// Waits up to `milliseconds` for a connection, then accepts and closes every connection waiting; returns how
    /// many there were.
    func acceptConnections(waitingMilliseconds milliseconds: Int32) -> Int {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, milliseconds) > 0 else { return 0 }
        var count = 0
        while true {
            // The socket is non-blocking: once no connection is waiting, `accept` fails instead of waiting.
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else { return count }
            close(connection)
            count += 1
        }
    }

    private static func listeningSocket() throws -> (descriptor: Int32, port: UInt16) {
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { throw LoopbackListenerError(call: "socket", code: errno) }
        func failure(_ call: String) -> LoopbackListenerError {
            let error = LoopbackListenerError(call: call, code: errno)
            close(descriptor)
            return error
        }
        var address = loopbackAddress(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw failure("bind") }
        guard listen(descriptor, 64) == 0 else { throw failure("listen") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw failure("getsockname") }
        guard fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) != -1 else { throw failure("fcntl") }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    private static func loopbackAddress(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    private static var streamType: Int32 {
        #if canImport(Glibc)
        return Int32(SOCK_STREAM.rawValue)
        #else
        return SOCK_STREAM
        #endif
    }
}

/// A socket call made by ``LoopbackListener`` failed.
struct LoopbackListenerError: Error, CustomStringConvertible {
    /// The function that failed, such as `bind`.
    let call: String
    /// The `errno` it left.
    let code: Int32

    var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
}
