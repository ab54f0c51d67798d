import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A minimal Server-Sent Events client over a plain TCP socket, for tests that need a real connection to stay open
/// while something is posted.
public final class EventStreamReader: @unchecked Sendable {
    // Safe: the socket descriptor is written once in init and only read afterwards; `received` is touched only by
    // the task calling `waitFor`, and tests call it from one task at a time.
    private let socket: Int32
    private var received = ""

    /// Connects to `127.0.0.1:port` and requests `path` as an event stream, sending `cookies` (`name=value; …`) when
    /// given.
    public init(port: Int, path: String = "/events", cookies: String? = nil) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw ReaderError.connect("socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            Glibc.close(socket)
            throw ReaderError.connect("connect() failed")
        }
        // Non-blocking, so waiting never ties up a thread of the cooperative pool the server itself runs on.
        _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
        let cookie = cookies.map { "Cookie: \($0)\r\n" } ?? ""
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\(cookie)\r\n"
        _ = request.withCString { send(socket, $0, strlen($0), 0) }
    }

    /// Reads until the text received so far contains `needle`, or `timeout` passes. Returns everything received.
    @discardableResult
    public func waitFor(_ needle: String, timeout: Duration = .seconds(5)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.contains(needle) {
            if ContinuousClock.now > deadline { throw ReaderError.timedOut(needle: needle, received: received) }
            let count = recv(socket, &buffer, buffer.count, 0)
            if count > 0 {
                received += String(decoding: buffer[0..<count], as: UTF8.self)
            } else if count == 0 {
                throw ReaderError.closed(received: received)
            } else {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        return received
    }

    /// Closes the connection.
    public func close() {
        Glibc.close(socket)
    }

    /// Why reading failed.
    public enum ReaderError: Error, CustomStringConvertible {
        case connect(String)
        case timedOut(needle: String, received: String)
        case closed(received: String)

        public var description: String {
            switch self {
            case .connect(let reason): "Could not connect: \(reason)"
            case .timedOut(let needle, let received): "Timed out waiting for \(needle); received: \(received)"
            case .closed(let received): "Connection closed; received: \(received)"
            }
        }
    }
}
