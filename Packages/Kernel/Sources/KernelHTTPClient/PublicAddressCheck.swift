import Foundation
import NIOPosix

/// Keeps a request to a URL someone else gave (a download, a push endpoint) from reaching this machine or its private
/// network, for a host that anyone on the network can use: otherwise a stranger could have it fetch
/// `http://127.0.0.1:…` (or a router's page) and read the answer in the downloader's viewer, or POST there.
///
/// A server's name is resolved and every address it gives is judged, so every spelling of an address counts the
/// same (`2130706433`, `0x7f.1`, `017700000001`, `[::ffff:127.0.0.1]` and `0.0.0.0` are all loopback). The check runs
/// before the first request and before every redirect is followed. The caller then connects to an address the check
/// judged (see ``publicAddresses(of:resolve:isPublic:)``): the name is not resolved a second time, so a name whose
/// answer changes in between (DNS rebinding) is caught.
public enum PublicAddressCheck {
    /// Refuses `url` unless every address its host resolves to is public.
    ///
    /// - Throws: ``PublicAddressRefused``, also for a name that does not resolve (fail closed).
    public static func requirePublic(_ url: URL) async throws {
        _ = try await publicAddresses(of: url)
    }

    /// Refuses `url` unless every address its host resolves to is public, and gives them, in the resolver's order:
    /// the addresses to connect to, so that the connection goes where the check looked (a second lookup could answer
    /// otherwise: DNS rebinding). Empty for an address without a host.
    ///
    /// - Parameters:
    ///   - resolve: gives the addresses of a name, as text (the system's resolver unless a test gives another).
    ///   - isPublic: judges one address.
    /// - Throws: ``PublicAddressRefused``, also for a name that does not resolve (fail closed).
    public static func publicAddresses(
        of url: URL,
        resolve: @escaping @Sendable (String) -> [String] = resolve,
        isPublic: (String) -> Bool = isPublic
    ) async throws -> [String] {
        guard let host = url.host(percentEncoded: false), !host.isEmpty else { return [] }
        var name = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host.lowercased()
        // `localhost.` is `localhost` to a resolver that searches no further.
        while name.hasSuffix(".") { name.removeLast() }
        if name == "localhost" || name.hasSuffix(".localhost") { throw PublicAddressRefused(host: host, address: "127.0.0.1") }
        let addresses = try await NIOThreadPool.singleton.runIfActive { [name] in resolve(name) }
        guard !addresses.isEmpty else { throw PublicAddressRefused(host: name, address: nil) }
        if let refused = addresses.first(where: { !isPublic($0) }) {
            throw PublicAddressRefused(host: name, address: refused)
        }
        return addresses
    }

    /// The addresses `name` resolves to, as text (an address literal, in any spelling the system accepts, gives
    /// itself).
    public static func resolve(_ name: String) -> [String] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [String] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(current.pointee.ai_addr, current.pointee.ai_addrlen, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 {
                let address = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !addresses.contains(address) { addresses.append(address) }
            }
            entry = current.pointee.ai_next
        }
        return addresses
    }

    /// Whether the numeric address `text` (IPv4 dotted or IPv6) is on the public internet: not loopback, private,
    /// link-local, shared (CGNAT), unspecified, multicast, reserved or documentation space.
    public static func isPublic(_ text: String) -> Bool {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return isPublicIPv4(UInt32(bigEndian: v4.s_addr)) }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, String(text.prefix { $0 != "%" }), &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        let embedded = { (at: Int) in bytes[at..<at + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
        // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d): judged as IPv4.
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF { return isPublicIPv4(embedded(12)) }
        if bytes[0..<12].allSatisfy({ $0 == 0 }) { return false }  // ::, ::1 and the deprecated ::a.b.c.d
        if bytes[0] == 0x00 && bytes[1] == 0x64 && bytes[2] == 0xFF && bytes[3] == 0x9B { return isPublicIPv4(embedded(12)) }
        // 6to4 (2002:a.b.c.d::) carries an IPv4 address too.
        if bytes[0] == 0x20 && bytes[1] == 0x02 { return isPublicIPv4(embedded(2)) }
        if bytes[0] & 0xFE == 0xFC { return false }  // fc00::/7 unique local
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 { return false }  // fe80::/10 link-local
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0xC0 { return false }  // fec0::/10 site-local (deprecated)
        if bytes[0] == 0xFF { return false }  // multicast
        if bytes[0] == 0x20 && bytes[1] == 0x01 && bytes[2] == 0x0D && bytes[3] == 0xB8 { return false }  // documentation
        return true
    }

    static func isPublicIPv4(_ address: UInt32) -> Bool {
        let blocked: [(UInt32, Int)] = [
            (0x0000_0000, 8),  // 0.0.0.0/8 "this network"
            (0x0A00_0000, 8),  // 10/8 private
            (0x6440_0000, 10),  // 100.64/10 shared (CGNAT)
            (0x7F00_0000, 8),  // 127/8 loopback
            (0xA9FE_0000, 16),  // 169.254/16 link-local (cloud metadata lives here)
            (0xAC10_0000, 12),  // 172.16/12 private
            (0xC000_0000, 24),  // 192.0.0/24 protocol assignments
            (0xC000_0200, 24),  // 192.0.2/24 documentation
            (0xC0A8_0000, 16),  // 192.168/16 private
            (0xC612_0000, 15),  // 198.18/15 benchmarking
            (0xC633_6400, 24),  // 198.51.100/24 documentation
            (0xCB00_7100, 24),  // 203.0.113/24 documentation
            (0xE000_0000, 4),  // 224/4 multicast
            (0xF000_0000, 4),  // 240/4 reserved, and the broadcast address
        ]
        return !blocked.contains { network, length in address >> UInt32(32 - length) == network >> UInt32(32 - length) }
    }
}

/// A request refused because its server is on this machine or a private network.
public struct PublicAddressRefused: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server's name as given.
    public var host: String
    /// The address it resolved to that is not public, or nil when it did not resolve.
    public var address: String?

    /// A refusal of `host`, which resolved to `address` (nil: it did not resolve).
    public init(host: String, address: String?) {
        self.host = host
        self.address = address
    }

    public var description: String {
        guard let address else { return "Could not find the server \(host): its name does not resolve." }
        let named = host == address ? "\(host) is" : "\(host) resolves to \(address),"
        return "\(named) an address on this machine or a private network. This Atelier can be reached from the "
            + "network, so it downloads only from public addresses."
    }
}
