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
final class KeepAliveDropServer: @unchecked Sendable {
    // `connections` is written by the accepting thread and read by the test after its downloads are done, under `lock`.
    enum Behaviour: Sendable {
        case dropWhenIdle
        case resetOnReuse
    }

    static let body = "<!DOCTYPE html><html><head><title>Kept alive</title></head><body><p>Once.</p></body></html>"

    let port: Int
    private let listener: Int32
    private let behaviour: Behaviour
    private let lock = NSLock()
    private var accepted = 0

    /// How many connections the server accepted.
    var connections: Int { lock.withLock { accepted } }

    init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
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

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Stops accepting.
    func stop() {
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
        // Read the first request's head.
        while !received.containsHeadEnd {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else {
                close(connection)
                return
            }
            received += buffer[0..<count]
        }
        let answer =
            "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: \(Self.body.utf8.count)\r\n"
            + "Connection: keep-alive\r\n\r\n" + Self.body
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
    fileprivate var containsHeadEnd: Bool {
        count >= 4 && (0...(count - 4)).contains { self[$0] == 13 && self[$0 + 1] == 10 && self[$0 + 2] == 13 && self[$0 + 3] == 10 }
    }
}
