import Foundation
import NIOCore
import NIOHTTP1

/// Writes the response to one request of ``LoopbackHTTPServer``.
struct LoopbackResponder {
    let request: HTTPRequestHead
    let outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>
    /// Whether this is the first request for this address (`/close-first` closes the connection then).
    var firstTime = false

    /// One megabyte of `a`, shared by every large response so serving costs no copies.
    static let megabyte = ByteBuffer(repeating: UInt8(ascii: "a"), count: 1 << 20)

    /// Sends the response; returns whether the connection may serve another request.
    func respond() async throws -> Bool {
        let components = URLComponents(string: request.uri)
        let path = components?.path ?? request.uri
        var query: [String: Int] = [:]
        for item in components?.queryItems ?? [] { query[item.name] = item.value.flatMap { Int($0) } }
        switch path {
        case "/page.html":
            try await send(.ok, type: "text/html; charset=utf-8", body: LoopbackHTTPServer.page)
        case "/script.html":
            try await send(.ok, type: "text/html; charset=utf-8", body: LoopbackHTTPServer.scriptPage)
        case "/big.html":
            try await send(.ok, type: "text/html; charset=utf-8", body: LoopbackHTTPServer.bigPage(sections: query["sections"] ?? 20_000))
        case "/chunked.html":
            try await head(.ok, type: "text/html", length: nil)
            try await outbound.write(.body(.byteBuffer(ByteBuffer(string: LoopbackHTTPServer.page))))
            try await outbound.write(.end(nil))
        case "/drip", "/drip-unknown":
            let chunks = query["chunks"] ?? 10
            let size = query["size"] ?? 100
            let delay = query["delay"] ?? 50
            try await head(.ok, type: "text/html", length: path == "/drip" ? chunks * size : nil)
            let chunk = ByteBuffer(repeating: UInt8(ascii: "d"), count: size)
            for _ in 0..<chunks {
                try await Task.sleep(for: .milliseconds(delay))
                try await outbound.write(.body(.byteBuffer(chunk)))
            }
            try await outbound.write(.end(nil))
        case "/bytes":
            let size = query["size"] ?? 1 << 20
            try await head(.ok, type: "application/octet-stream", length: size)
            try await writeBytes(size)
            try await outbound.write(.end(nil))
        case "/redirect":
            let hops = query["hops"] ?? 1
            try await redirect(to: hops > 1 ? "/redirect?hops=\(hops - 1)" : "/page.html")
        case "/redirect-to":
            if let delay = query["delay"] { try await Task.sleep(for: .milliseconds(delay)) }
            try await redirect(to: components?.queryItems?.first { $0.name == "location" }?.value ?? "/")
        case "/loop":
            try await redirect(to: "/loop")
        case "/status":
            let code = query["code"] ?? 500
            try await send(HTTPResponseStatus(statusCode: code), type: "text/html", body: "<h1>Status \(code)</h1>")
        case "/close-first":
            // The first time, the connection closes before any answer, as a kept-alive connection does when the server
            // drops it just as it is reused; after that, the page.
            if firstTime { return false }
            try await send(.ok, type: "text/html; charset=utf-8", body: LoopbackHTTPServer.page)
        case "/reset":
            try await head(.ok, type: "text/html", length: 1000)
            try await outbound.write(.body(.byteBuffer(ByteBuffer(repeating: UInt8(ascii: "r"), count: 100))))
            try await Task.sleep(for: .milliseconds(20))
            return false
        case "/stall":
            try await head(.ok, type: "text/html", length: 1000)
            try await outbound.write(.body(.byteBuffer(ByteBuffer(repeating: UInt8(ascii: "s"), count: 10))))
            try await Task.sleep(for: .seconds(30))
            return false
        case "/image.png":
            let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52]
            try await head(.ok, type: "image/png", length: png.count)
            try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: png))))
            try await outbound.write(.end(nil))
        case "/ranged":
            try await ranged(size: query["size"] ?? 1000)
        default:
            try await send(.notFound, type: "text/html", body: "<h1>Not found</h1>")
        }
        return true
    }

    /// The byte at `offset` of a `/ranged` file: a repeating alphabet, so a wrong offset shows in the content.
    static func rangedByte(at offset: Int) -> UInt8 {
        UInt8(ascii: "A") + UInt8(offset % 26)
    }

    private func ranged(size: Int) async throws {
        let etag = "\"ranged-\(size)\""
        var start = 0
        if let range = request.headers.first(name: "Range"), range.hasPrefix("bytes="),
            let first = Int(range.dropFirst(6).prefix { $0 != "-" })
        {
            if first >= size {
                var headers = HTTPHeaders([("Content-Range", "bytes */\(size)"), ("Content-Length", "0")])
                headers.add(name: "ETag", value: etag)
                try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: .rangeNotSatisfiable, headers: headers)))
                try await outbound.write(.end(nil))
                return
            }
            start = first
        }
        var headers = HTTPHeaders([("Content-Type", "text/html"), ("Content-Length", "\(size - start)"), ("ETag", etag)])
        headers.add(name: "Accept-Ranges", value: "bytes")
        if start > 0 { headers.add(name: "Content-Range", value: "bytes \(start)-\(size - 1)/\(size)") }
        let status: HTTPResponseStatus = start > 0 ? .partialContent : .ok
        try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers)))
        let bytes = (start..<size).map(Self.rangedByte(at:))
        try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: bytes))))
        try await outbound.write(.end(nil))
    }

    private func writeBytes(_ size: Int) async throws {
        var remaining = size
        while remaining > 0 {
            let count = min(remaining, Self.megabyte.readableBytes)
            try await outbound.write(.body(.byteBuffer(Self.megabyte.getSlice(at: 0, length: count) ?? ByteBuffer())))
            remaining -= count
        }
    }

    private func head(_ status: HTTPResponseStatus, type: String, length: Int?) async throws {
        var headers = HTTPHeaders([("Content-Type", type)])
        if let length { headers.add(name: "Content-Length", value: "\(length)") }
        try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers)))
    }

    private func send(_ status: HTTPResponseStatus, type: String, body: String) async throws {
        let buffer = ByteBuffer(string: body)
        try await head(status, type: type, length: buffer.readableBytes)
        try await outbound.write(.body(.byteBuffer(buffer)))
        try await outbound.write(.end(nil))
    }

    private func redirect(to location: String) async throws {
        let headers = HTTPHeaders([("Location", location), ("Content-Length", "0")])
        try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: .found, headers: headers)))
        try await outbound.write(.end(nil))
    }
}
