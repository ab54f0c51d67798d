import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Sends `request` exactly as written (any `Host` header, any bytes) to `127.0.0.1:port` over a plain TCP socket,
/// and gives what the server answered until it closed the connection or `timeout` passed: for tests of requests a
/// well-behaved client would never make.
///
/// The socket never blocks: waiting is a `Task.sleep`, so a test never ties up a thread of the cooperative pool that
/// the server under test may need to answer.
public func rawHTTP(port: Int, _ request: String, timeout: Duration = .seconds(30)) async throws -> String {
    // The connect to loopback completes at once; only reading waits.
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw RawHTTPError(message: "socket() failed") }
    defer { Glibc.close(socket) }
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
    _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
    let deadline = ContinuousClock.now + timeout
    var bytes = Array(request.utf8)[...]
    while !bytes.isEmpty {
        let sent = bytes.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if sent > 0 {
            bytes = bytes.dropFirst(sent)
        } else if errno == EAGAIN || errno == EWOULDBLOCK, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(1))
        } else {
            throw RawHTTPError(message: "send() failed")
        }
    }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while ContinuousClock.now < deadline {
        let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            received += buffer[0..<count]
        } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) {
            break
        } else {
            try await Task.sleep(for: .milliseconds(2))
        }
    }
    return String(decoding: received, as: UTF8.self)
}

/// A raw request that could not be sent.
public struct RawHTTPError: Error, CustomStringConvertible {
    /// What failed.
    public var message: String
    public var description: String { message }
}
