import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A raw HTTP/1.1 server on 127.0.0.1 that answers each connection's first request with `Connection: keep-alive` and
/// then lets the connection down, the two ways a real server does:
/// - ``Behaviour/dropWhenIdle``: it closes the connection 1.5 s after answering, without reading anything more, so a
///   request the client sent meanwhile is answered with a reset (the kernel resets a socket closed with unread data);
/// - ``Behaviour/resetOnReuse``: it resets the connection as soon as a second request arrives on it.
/// Written on plain sockets: a server built on NIO reads every request at once, and would close with a FIN instead.
/// Every fetch that promises "a kept-alive connection let down is tried once more" is tested against it.
public final class KeepAliveDropServer: @unchecked Sendable {
    // `connections` is written by the accepting thread and read by the test after its downloads are done, under `lock`.
    /// How the server lets a kept-alive connection down.
    public enum Behaviour: Sendable, CustomStringConvertible {
        /// Closes the connection 1.5 s after answering, without reading on.
        case dropWhenIdle
        /// Resets the connection as soon as a second request arrives on it.
        case resetOnReuse

        public var description: String {
            switch self {
            case .dropWhenIdle: "dropped when idle"
            case .resetOnReuse: "reset on reuse"
            }
        }
    }

    /// The page served when no other body is given.
    public static let page = "<!DOCTYPE html><html><head><title>Kept alive</title></head><body><p>Once.</p></body></html>"

    /// The port the server listens on.
    public let port: Int
    private let listener: Int32
    private let behaviour: Behaviour
    private let body: String
    private let contentType: String
    private let lock = NSLock()
    private var accepted = 0

    /// How many connections the server accepted.
    public var connections: Int { lock.withLock { accepted } }

    /// Starts a server that answers every connection's first request (whatever its method or path) with `body`.
    public init(_ behaviour: Behaviour, body: String = page, contentType: String = "text/html") throws {
        self.behaviour = behaviour
        self.body = body
        self.contentType = contentType
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        _ = length
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// The address of `path` on this server.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Stops accepting.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            lock.withLock { accepted += 1 }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        var buffer = [UInt8](repeating: 0, count: 8192)
        var received = [UInt8]()
        // Read the first request: its head, and its body when the head gives a length (a PUT's).
        while !received.holdsWholeRequest {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else {
                close(connection)
                return
            }
            received += buffer[0..<count]
        }
        let answer =
            "HTTP/1.1 200 OK\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Connection: keep-alive\r\n\r\n" + body
        _ = answer.withCString { send(connection, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        switch behaviour {
        case .dropWhenIdle:
            Thread.sleep(forTimeInterval: 1.5)
        case .resetOnReuse:
            _ = recv(connection, &buffer, buffer.count, 0)
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        }
        close(connection)
    }
}

extension Array where Element == UInt8 {
    /// Whether these bytes hold a request's head and as much body as its `Content-Length` says.
    fileprivate var holdsWholeRequest: Bool {
        guard count >= 4,
            let end = (0...(count - 4)).first(where: {
                self[$0] == 13 && self[$0 + 1] == 10 && self[$0 + 2] == 13 && self[$0 + 3] == 10
            })
        else { return false }
        let head = String(decoding: self[0..<end], as: UTF8.self).lowercased()
        let length =
            head.split(separator: "\r\n")
            .first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        return count >= end + 4 + length
    }
}
