import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Sends `request` exactly as written (any `Host` header, any bytes) to `127.0.0.1:port` over a plain TCP socket,
/// and gives what the server answered until it closed the connection or `timeout` passed: for tests of requests a
/// well-behaved client would never make.
public func rawHTTP(port: Int, _ request: String, timeout: Duration = .seconds(5)) async throws -> String {
    try await Task.detached {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw RawHTTPError(message: "socket() failed") }
        defer { Glibc.close(socket) }
        var wait = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
        _ = setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw RawHTTPError(message: "connect() failed") }
        let bytes = Array(request.utf8)
        guard bytes.withUnsafeBytes({ send(socket, $0.baseAddress, $0.count, 0) }) == bytes.count else {
            throw RawHTTPError(message: "send() failed")
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }.value
}

/// A raw request that could not be sent.
public struct RawHTTPError: Error, CustomStringConvertible {
    /// What failed.
    public var message: String
    public var description: String { message }
}
